/**
 * A compute pipeline per entry point of one WGSL module over one bind group layout, compiled in parallel
 * (createComputePipelineAsync), each labelled `${label} ${entryPoint}`.
 *
 * @param label        the module's name in labels and errors (the .wgsl file's base name)
 * @param code         the module's WGSL (the kernel file and the WGSL it includes, joined)
 * @param layout       the single bind group layout (@group(0)) every entry point uses
 * @param entryPoints  the `@compute` functions to make pipelines of
 * @throws Error `${label}.wgsl: line N: message; …` when the WGSL does not compile
 */
export async function compileComputePipelines<E extends string>(
  device: GPUDevice,
  label: string,
  code: string,
  layout: GPUBindGroupLayout,
  entryPoints: readonly E[],
): Promise<Record<E, GPUComputePipeline>> {
  const module = device.createShaderModule({ label: `${label}.wgsl`, code });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new Error(`${label}.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
  const entries = await Promise.all(
    entryPoints.map(
      async (entryPoint) =>
        [
          entryPoint,
          await device.createComputePipelineAsync({ label: `${label} ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<E, GPUComputePipeline>;
}
