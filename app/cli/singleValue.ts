import { InvalidArgumentError } from 'commander';

/**
 * A commander option parser for options that take one value: given twice (`--clip Walk --clip Run`) is a usage
 * error, where commander would silently keep the last.
 *
 * @param flag  the option as typed, for the message
 * @returns the parser: the value, or an InvalidArgumentError when the option was given before
 */
export function singleValue(flag: string): (value: string, previous: string | undefined) => string {
  return (value, previous) => {
    if (previous !== undefined) throw new InvalidArgumentError(`${flag} is given twice ("${previous}" and "${value}"); give it once`);
    return value;
  };
}
