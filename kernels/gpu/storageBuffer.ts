/**
 * A GPU storage buffer holding a copy of `data` (or `byteLength` zeroed bytes), rounded up to a multiple of 4 bytes
 * and at least 4 bytes long (WebGPU rejects empty bindings).
 *
 * @param device  the device to allocate on
 * @param data    typed array to upload, or a byte length for an uninitialized (zeroed) buffer
 * @param usage   extra usage flags; STORAGE | COPY_SRC | COPY_DST are always set so it can be bound, read back and rewritten
 * @param label   debug label shown in WebGPU error messages
 */
export function storageBuffer(device: GPUDevice, data: ArrayBufferView | number, usage = 0, label?: string): GPUBuffer {
  const byteLength = typeof data === 'number' ? data : data.byteLength;
  const size = Math.max(4, Math.ceil(byteLength / 4) * 4);
  const buffer = device.createBuffer({
    label,
    size,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST | usage,
    mappedAtCreation: typeof data !== 'number',
  });
  if (typeof data !== 'number') {
    new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    buffer.unmap();
  }
  return buffer;
}
