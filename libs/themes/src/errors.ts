/** A pack or theme that cannot be used; `message` is the spec's text where it has one (spec 001 sections 5 and 8). */
export class ThemePackError extends Error {
  constructor(
    message: string,
    /** Toast title: 'Invalid File', 'Upload Failed', 'Upload Error'. */
    readonly title: string = 'Upload Failed',
  ) {
    super(message);
    this.name = 'ThemePackError';
  }
}

/** Stated maximum size of a pack file: 50 MB (spec 001 section 9). The server enforces it. */
export const MAX_PACK_BYTES = 50 * 1024 * 1024;

/** Size in MB with 2 decimals, as the spec's texts print it ('2.35'). */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}
