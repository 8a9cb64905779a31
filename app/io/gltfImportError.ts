/**
 * The error readGltf throws for bad input: `file` names the file, `message` says what is wrong in
 * one sentence a user can act on. Anything else escaping readGltf is a bug.
 */
export class GltfImportError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'GltfImportError';
  }
}
