import type { VbdContactData } from '../../../app/solvers/vbd/index.ts';
import { packVbdContact, type ContactTruncation } from '../packVbdContact.ts';
import { roundUp } from './gpuVbdStepperData.ts';
import { bindContact } from './stepperBindGroups.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * Writes the contact data the kernels gather from (packVbdContact; null: none), with the bounds truncateToBounds
 * reads when given, growing the stepper's contact binding when needed. For tests and debugging: a step with contact
 * made by ogcContact binds the GPU detection's own contact buffer instead (prepareContactCall).
 *
 * @param data        the stepper (contact grown and bound)
 * @param contact     the contact data (VbdContactData) or null
 * @param truncation  the conservative bounds of truncateToBounds
 * @throws Error when the stepper was created without contact kernels
 */
export function writeContact(data: GpuVbdStepperData, contact: VbdContactData | null, truncation?: ContactTruncation): void {
  if (contact && !data.contactKernels)
    throw new Error('writeContact: this stepper was created without contact (GpuVbdStepperOptions.contact); its kernels would ignore the data');
  const words = packVbdContact(contact, data.model.vertexColors, truncation);
  if (words.byteLength > data.contact.size) {
    data.contact.destroy();
    data.contact = data.device.createBuffer({
      label: 'vbd contact',
      size: roundUp(words.byteLength, 4),
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    });
    data.buffers.push(data.contact);
  }
  bindContact(data, data.contact);
  data.device.queue.writeBuffer(data.contact, 0, words);
}
