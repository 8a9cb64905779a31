/** A project file that cannot be read: `file` names it, `message` says what is wrong and where (a JSON path). */
export class ProjectFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProjectFileError';
  }
}
