import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';
import { logIn, makeMediaFile, verifyCreator } from '../src/journeys';

// Demo data (apps/server/src/seed): sasha is a creator with live stories; jamie follows sasha (and luna)
// and has tokens in the wallet; alex is another fan.
const stamp = Date.now().toString(36);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // These journeys pay sasha (pending in the demo data); only verified creators can be paid.
  await verifyCreator(h.baseUrl, 'sasha');
});
afterAll(async () => {
  await h?.close();
});

describe('stories, highlights, comment media and mentions, tips and bookmarks', () => {
  it('a creator posts a story into a highlight; a fan watches it, finds the highlight, comments with a photo and a mention, tips and bookmarks a post', {
    timeout: 300_000,
  }, async () => {
    const caption = `Backstage ${stamp}`;
    const highlight = `Tour ${stamp}`;

    // 1. The creator posts a photo story from the studio…
    const creator = await h.newPage({ ageConfirmed: true });
    await logIn(creator, 'sasha');
    await creator.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My stories' }).click();
    await creator.getByRole('heading', { name: 'My stories' }).waitFor();
    await creator.getByRole('button', { name: 'New story' }).first().click();
    const dialog = creator.getByRole('dialog', { name: 'New story' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'backstage.jpg',
      mimeType: 'image/jpeg',
      buffer: makeMediaFile('jpg', '720x1280'),
    });
    await dialog.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Caption (optional)').fill(caption);
    await h.screenshot(creator, 'stories-new-story');
    await dialog.getByRole('button', { name: 'Share story' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const tile = creator.getByTestId('my-story').filter({ hasText: caption });
    await tile.waitFor();

    // 2. …and adds it to a new highlight.
    await tile.getByRole('button', { name: 'Add to highlight' }).click();
    const hl = creator.getByRole('dialog', { name: 'Add to highlight' });
    await hl.getByLabel('Highlight name').fill(highlight);
    await hl.getByRole('button', { name: 'Add to highlight' }).click();
    await tile.getByTestId('story-highlight').filter({ hasText: highlight }).waitFor();
    await h.screenshot(creator, 'stories-studio');
    await creator.context().close();

    // 3. A following fan sees the creator's ring (new) on the home page and watches the stories to the end.
    const fan = await h.newPage({ ageConfirmed: true });
    await logIn(fan, 'jamie');
    await fan.goto('/');
    const ring = fan.getByTestId('stories-bar').getByRole('button', { name: "Sasha Blake's story (new)" });
    await ring.waitFor();
    await h.screenshot(fan, 'stories-home-bar', { fullPage: false });
    await ring.click();
    const viewer = fan.getByTestId('story-viewer');
    await viewer.waitFor();
    let sawMine = false;
    for (let i = 0; i < 8 && (await viewer.isVisible()); i++) {
      if (await viewer.getByText(caption).isVisible()) {
        sawMine = true;
        await expect.poll(() => viewer.locator(`img[alt="${caption}"]`).getAttribute('src')).toMatch(/^\/api\/media\//);
        // The picture really loads (not just a URL on the page).
        await expect
          .poll(() => viewer.locator(`img[alt="${caption}"]`).evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
        await h.screenshot(fan, 'stories-viewer', { fullPage: false });
      }
      await viewer.getByRole('button', { name: 'Next story' }).click();
    }
    expect(sawMine).toBe(true);
    await viewer.waitFor({ state: 'hidden' });
    // Seen: the ring is no longer marked new.
    await fan.getByTestId('stories-bar').getByRole('button', { name: "Sasha Blake's story", exact: true }).waitFor();

    // 4. The highlight is on the creator's profile.
    await fan.goto('/sasha');
    const hlButton = fan.getByRole('button', { name: `Highlight: ${highlight}` });
    await hlButton.waitFor();
    await h.screenshot(fan, 'stories-profile-highlights', { fullPage: false });
    await hlButton.click();
    await viewer.getByText(caption).waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();

    // 5. The fan comments on a post with a photo and an @mention picked from the suggestions.
    const post = fan.getByTestId('profile-feed').getByTestId('post-card').first();
    await post.waitFor();
    await post.getByRole('link', { name: 'Comments' }).click();
    await fan.waitForURL('**/post/*');
    const box = fan.getByRole('combobox', { name: 'Write a comment' });
    await box.click();
    await box.pressSequentially(`Photo from the con ${stamp} @ale`);
    await fan.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: /@alex/ }).click();
    await expect.poll(() => box.inputValue()).toBe(`Photo from the con ${stamp} @alex `);
    await box.pressSequentially('look!');
    await fan.getByLabel('Attach a photo').setInputFiles({
      name: 'con.jpg',
      mimeType: 'image/jpeg',
      buffer: makeMediaFile('jpg', '640x480'),
    });
    await fan.getByTestId('comment-photo-preview').waitFor();
    await fan.getByRole('button', { name: 'Send', exact: true }).click();
    const mine = fan.getByTestId('comment').filter({ hasText: `Photo from the con ${stamp}` });
    await mine.waitFor();
    await expect
      .poll(() => mine.getByTestId('comment-photo').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/api\/media\//);
    await mine.getByRole('link', { name: '@alex' }).waitFor();
    await h.screenshot(fan, 'stories-comment-photo-mention');

    // 6. The fan tips the post from its card, in place.
    const card = fan.getByTestId('post-card').first();
    await card.getByRole('button', { name: 'Send a tip' }).click();
    const tip = fan.getByRole('dialog', { name: 'Send a tip to Sasha Blake' });
    await tip.waitFor();
    expect(fan.url()).toMatch(/\/post\//);
    await tip.getByRole('button', { name: '10', exact: true }).click();
    await h.screenshot(fan, 'stories-tip-from-post', { fullPage: false });
    await tip.getByTestId('send-tip').click();
    await fan.getByText('You tipped Sasha Blake 10.00 tokens').first().waitFor();
    await tip.waitFor({ state: 'hidden' });

    // 7. …bookmarks it, and finds it again from the navigation.
    const feedId = await card.getAttribute('data-feed-id');
    await card.getByRole('button', { name: 'Bookmark' }).click();
    await fan.getByText('Saved to bookmarks').first().waitFor();
    await fan.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved posts' }).click();
    await fan.waitForURL('**/bookmarks/posts');
    await fan.locator(`[data-testid=post-card][data-feed-id="${feedId}"]`).waitFor();
    await h.screenshot(fan, 'stories-saved-posts');
    await fan.context().close();

    // 8. The mentioned fan has a notification that leads to the post.
    const alex = await h.newPage({ ageConfirmed: true });
    await logIn(alex, 'alex');
    await alex.goto('/notifications');
    await alex.getByText('Jamie Fan mentioned you in a comment').first().click();
    await alex.waitForURL('**/post/*');
    await alex
      .getByTestId('comment')
      .filter({ hasText: `Photo from the con ${stamp}` })
      .waitFor();
    await alex.context().close();
  });
});
