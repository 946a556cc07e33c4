import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadField } from './upload-field';

/* "Add photos" takes several files, each uploaded on its own with its own progress (issue 31). */

/** A stand-in for XMLHttpRequest: the test answers each upload when it likes. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(percent: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
  }
  async respond(body: unknown) {
    this.status = 200;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
  file(): File {
    return this.body!.get('file') as File;
  }
}

const photo = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs (the previews).
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});
afterEach(() => cleanup());

describe('UploadField', () => {
  it('with multiple, takes several photos and uploads each on its own request with its own progress', async () => {
    const uploaded: string[] = [];
    render(
      <UploadField
        endpoint="/performer/feeds/{kind}/upload"
        path={{ kind: 'photo' }}
        label="Add photos"
        accept="image/*"
        multiple
        onUploaded={(_res, file) => uploaded.push(file.name)}
      />,
    );
    const input = screen.getByLabelText('Add photos') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(screen.getByText(/Drop files here/)).toBeTruthy();

    fireEvent.change(input, { target: { files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] } });
    // One at a time, in the order chosen; the others wait.
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.file().name).toBe('a.jpg');
    expect(FakeXhr.sent[0]!.url).toContain('/performer/feeds/photo/upload');
    expect(screen.getAllByTestId('upload-row')).toHaveLength(3);
    expect(screen.getAllByText('Waiting…')).toHaveLength(2);

    FakeXhr.sent[0]!.progress(40);
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading a.jpg' }).getAttribute('aria-valuenow')).toBe('40');

    await FakeXhr.sent[0]!.respond({ data: [] });
    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.sent[1]!.file().name).toBe('b.jpg');
    await FakeXhr.sent[1]!.respond({ data: [] });
    await FakeXhr.sent[2]!.respond({ data: [] });

    expect(uploaded).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    // Finished files leave the list (the caller shows them); the count says how many went up.
    expect(screen.queryAllByTestId('upload-row')).toHaveLength(0);
    expect(screen.getByText('3 files uploaded')).toBeTruthy();
  });

  it('a failed photo can be retried while the others go on', async () => {
    render(
      <UploadField
        endpoint="/performer/feeds/{kind}/upload"
        path={{ kind: 'photo' }}
        label="Add photos"
        accept="image/*"
        multiple
      />,
    );
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
    const first = FakeXhr.sent[0]!;
    first.status = 500;
    first.responseText = JSON.stringify({ statusCode: 500, error: 'Internal', message: 'Disk full' });
    await act(async () => first.onload?.());
    expect(screen.getByText('Disk full')).toBeTruthy();
    expect(FakeXhr.sent[1]!.file().name).toBe('b.jpg');
    await FakeXhr.sent[1]!.respond({ data: [] });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Retry/ })));
    expect(FakeXhr.sent[2]!.file().name).toBe('a.jpg');
    await FakeXhr.sent[2]!.respond({ data: [] });
    expect(screen.getByText('2 files uploaded')).toBeTruthy();
  });

  it('without multiple, takes one file', () => {
    render(<UploadField endpoint="/performers/documents/upload" label="Document" />);
    const input = screen.getByLabelText('Document') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    fireEvent.change(input, { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
    expect(FakeXhr.sent).toHaveLength(1);
    expect(screen.getAllByTestId('upload-row')).toHaveLength(1);
    // The file's row takes the drop zone's place.
    expect(screen.queryByText(/Drop a file here/)).toBeNull();
  });
});
