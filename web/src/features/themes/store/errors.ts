/** A store failure whose message is the spec's text (spec 001 section 8 "Storage"). */
export class ThemeStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThemeStorageError';
  }
}
