/**
 * The entries of a compute bind group layout whose bindings are all buffers, numbered in order: entry i is binding i,
 * visible to the compute stage, of type `types[i]` (a binding type, or a whole GPUBufferBindingLayout where it needs
 * more, e.g. a dynamic offset). Every host's `@group(g) @binding(i)` list reads as one line of types.
 */
export function bufferLayoutEntries(types: readonly (GPUBufferBindingType | GPUBufferBindingLayout)[]): GPUBindGroupLayoutEntry[] {
  return types.map((type, binding) => ({
    binding,
    visibility: GPUShaderStage.COMPUTE,
    buffer: typeof type === 'string' ? { type } : type,
  }));
}
