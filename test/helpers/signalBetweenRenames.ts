/**
 * Runs the `overlap` CLI (app/cli/main.ts) in this process with a real signal sent to the process between the renames
 * of a command's outputs (writeFilesAtomic's test hook), for the signal test of issue 35:
 * `node --import tsx test/helpers/signalBetweenRenames.ts SIGTERM bake IN --out OUT --report R`.
 */
import { main } from '../../app/cli/main.ts';
import { commitTestHooks } from '../../app/io/node/writeFileAtomic.ts';

const [signal, ...argv] = process.argv.slice(2);
commitTestHooks.betweenRenames = () => {
  process.stderr.write(`test: sending ${signal} between the renames\n`);
  process.kill(process.pid, signal as NodeJS.Signals);
};
process.exitCode = await main(argv);
