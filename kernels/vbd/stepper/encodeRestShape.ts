import type { GpuStepSettings } from './gpuStepSettings.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * The tets' rest shape of a call into the restShape buffer: the call's D_m⁻¹ (controls.tetRestShapeInverse, rounded to
 * f32) uploaded; with controls.animatedRest nothing here (the restShapeInverses kernel writes it in every substep);
 * with neither, the model's D_rest⁻¹ copied back on the encoder when a call before changed it.
 *
 * @param data      the stepper (restShapeIsModel kept)
 * @param encoder   the call's command encoder
 * @param settings  the call's restShapeInverse (#T×9 [1/m]) and animatedRest
 */
export function encodeRestShape(
  data: GpuVbdStepperData,
  encoder: GPUCommandEncoder,
  settings: Pick<GpuStepSettings, 'restShapeInverse' | 'animatedRest'>,
): void {
  const tetCount = data.model.tetCount;
  if (settings.restShapeInverse) {
    data.restUpload.set(settings.restShapeInverse);
    if (tetCount > 0) data.device.queue.writeBuffer(data.restShape, 0, data.restUpload);
    data.restShapeIsModel = false;
  } else if (settings.animatedRest) {
    // written by restShapeInverses in every substep
    data.restShapeIsModel = false;
  } else if (!data.restShapeIsModel) {
    if (tetCount > 0) encoder.copyBufferToBuffer(data.modelData, 4 * data.layout.tetRestShapeInverse, data.restShape, 0, 36 * tetCount);
    data.restShapeIsModel = true;
  }
}
