import type { BakeOptions } from './bakeSettings.ts';

/** A problem with the bake's input or settings (unknown clip or mesh, bad range, weights that do not fit): the user's to fix, not a bug. */
export class BakeError extends Error {
  /**
   * @param message  what is wrong
   * @param origin   the input that holds the problem when it is not the glTF itself: the weights file, the project, or
   *                 the caller's options (a command-line flag)
   * @param option   with origin 'options': the BakeOptions field at fault, whose name begins the message (the CLI
   *                 names its flag instead: settings are validated here once, the CLI only parses)
   */
  constructor(
    message: string,
    readonly origin: 'gltf' | 'weightsFile' | 'project' | 'options' = 'gltf',
    readonly option?: keyof BakeOptions,
  ) {
    super(message);
    this.name = 'BakeError';
  }
}
