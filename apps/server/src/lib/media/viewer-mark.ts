import { createHmac } from 'node:crypto';

/**
 * Per-viewer marks on paid video by A/B segment watermarking. Each marked video is stored twice
 * (renditions A and B, differing only in a small visible mark; ffmpeg.ts markedHlsArgs), cut
 * into segments of the same length. The playlist served to a viewer takes segment i from A or B
 * by bit i of the viewer's code, an HMAC of the viewer id under the server secret. So every
 * viewer gets a different sequence while the server stores two copies and serves files as they
 * are: no encoding per viewer, nothing more per view than a playlist rewrite.
 *
 * A leaked copy is traced by reading, segment by segment, which corner carries the mark, and
 * comparing that sequence with the codes of the accounts that could watch the video
 * (`identifyViewer`). Ten segments (20 s) tell a thousand viewers apart; a film has hundreds.
 */
export function markBits(secret: string, viewerId: string): boolean[] {
  const digest = createHmac('sha256', secret).update(`viewer-mark\n${viewerId}`).digest();
  const bits: boolean[] = [];
  for (const byte of digest) for (let b = 7; b >= 0; b--) bits.push(((byte >> b) & 1) === 1);
  return bits;
}

/** Which rendition segment `index` comes from for this viewer: 'b' when the bit is set. */
export function markRendition(secret: string, viewerId: string, index: number): 'a' | 'b' {
  const bits = markBits(secret, viewerId);
  return bits[index % bits.length] ? 'b' : 'a';
}

/**
 * The candidate whose code matches the observed sequence best (null entries: segments that
 * could not be read), with the number of mismatches; null when nobody matches closely enough.
 */
export function identifyViewer(
  secret: string,
  observed: Array<'a' | 'b' | null>,
  candidates: string[],
  maxMismatchShare = 0.1,
): { viewerId: string; mismatches: number } | null {
  let best: { viewerId: string; mismatches: number } | null = null;
  const read = observed.filter((o) => o !== null).length;
  for (const id of candidates) {
    const bits = markBits(secret, id);
    let mismatches = 0;
    observed.forEach((o, i) => {
      if (o !== null && (o === 'b') !== bits[i % bits.length]) mismatches++;
    });
    if (!best || mismatches < best.mismatches) best = { viewerId: id, mismatches };
  }
  return best && read > 0 && best.mismatches <= Math.floor(read * maxMismatchShare) ? best : null;
}
