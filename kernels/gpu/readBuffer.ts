/**
 * Copies `byteLength` bytes from the start of a GPU buffer (usage COPY_SRC) to the CPU, through a temporary
 * MAP_READ staging buffer. For tests, self-tests and export, not for per-frame use: it waits for the GPU queue.
 *
 * @param device      the buffer's device
 * @param buffer      source buffer with GPUBufferUsage.COPY_SRC
 * @param byteLength  bytes to read (a multiple of 4; default: the whole buffer)
 * @returns a fresh ArrayBuffer with the bytes
 */
export async function readBuffer(device: GPUDevice, buffer: GPUBuffer, byteLength = buffer.size): Promise<ArrayBuffer> {
  const size = Math.max(4, Math.ceil(byteLength / 4) * 4);
  const staging = device.createBuffer({ label: 'readBuffer staging', size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  try {
    const encoder = device.createCommandEncoder({ label: 'readBuffer' });
    encoder.copyBufferToBuffer(buffer, 0, staging, 0, size);
    device.queue.submit([encoder.finish()]);
    await staging.mapAsync(GPUMapMode.READ);
    return staging.getMappedRange(0, size).slice(0, byteLength);
  } finally {
    staging.destroy();
  }
}
