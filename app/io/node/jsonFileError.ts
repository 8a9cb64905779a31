/**
 * A JSON file the user named (a project, weights, handles, a scene, a JSON mesh) that is not one the product reads:
 * not JSON, larger than the limit for its kind, or nested deeper than MAX_JSON_DEPTH. Bad input (the CLI's exit 2),
 * unlike FileAccessError (exit 3): reading the same file again fails the same way.
 */
export class JsonFileError extends Error {
  /**
   * @param file     the path as the user wrote it
   * @param message  what is wrong, naming the limit when one was passed
   */
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'JsonFileError';
  }
}
