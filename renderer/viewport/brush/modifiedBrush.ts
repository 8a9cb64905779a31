import type { BrushSettings } from '../../store/index.ts';

/**
 * The brush a sample paints with under the keyboard's modifiers, as Blender's weight paint does: Shift smooths, Ctrl
 * (Cmd) swaps add and subtract; other modes, and no modifier, leave the brush as it is (the same object).
 */
export function modifiedBrush(brush: BrushSettings, keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): BrushSettings {
  if (keys.shiftKey) return { ...brush, mode: 'smooth' };
  if (keys.ctrlKey || keys.metaKey) return { ...brush, mode: brush.mode === 'add' ? 'subtract' : brush.mode === 'subtract' ? 'add' : brush.mode };
  return brush;
}
