import { cpuVbdStepBackend, type VbdStepBackend } from '../solvers/vbd/index.ts';
import { importTypeScript } from '../io/node/index.ts';
import { CliError } from './cliError.ts';

/**
 * The VBD step backend for `--backend`: the CPU; WebGPU or exit 2 with the reason ('webgpu'); WebGPU on a hardware
 * adapter, else the CPU with the reason in the report ('auto'). Called where the bake runs (its worker thread), since
 * a GPU device cannot cross threads; the WebGPU module is named by the entry point (CliServices).
 *
 * @param name    'cpu', 'webgpu' or 'auto'
 * @param module  URL of the module exporting requestNodeVbdStepBackend (kernels/node), or undefined when this entry of
 *                the CLI has no WebGPU
 * @returns the backend (the caller disposes it)
 * @throws CliError (exit 2) when 'webgpu' was forced and no usable adapter exists
 */
export async function stepBackendFor(name: 'cpu' | 'webgpu' | 'auto', module: string | undefined): Promise<VbdStepBackend> {
  if (name === 'cpu') return cpuVbdStepBackend('asked for with --backend cpu (the default)');
  type Request = (mode: 'webgpu' | 'auto') => Promise<{ backend: VbdStepBackend } | { reason: string }>;
  const answer = module
    ? await ((await importTypeScript(module)) as { requestNodeVbdStepBackend: Request }).requestNodeVbdStepBackend(name)
    : { reason: 'this entry of the CLI was started without WebGPU (bin/overlap.mjs names its module)' };
  if ('backend' in answer) return answer.backend;
  if (name === 'webgpu') throw new CliError('', `--backend webgpu: no usable WebGPU adapter: ${answer.reason}`);
  return cpuVbdStepBackend(`--backend auto found no suitable GPU: ${answer.reason}`);
}
