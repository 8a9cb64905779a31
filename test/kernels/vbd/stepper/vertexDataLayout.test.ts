// kernels/vbd/stepper/vertexDataLayout.ts: the host's view of vertexData must be the WGSL's (vbdBindings.wgsl), or an
// upload lands in another section (a test of a kernel would still pass where host and test share the mistake).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_SECTIONS,
  SCALAR_SECTIONS,
  sectionRange,
  UPLOAD_END,
  UPLOAD_START,
  VERTEX_DATA_FLOATS,
  VERTEX_DATA_SECTIONS,
  VERTEX_SECTIONS,
} from '../../../../kernels/vbd/stepper/vertexDataLayout.ts';

const wgsl = readFileSync(new URL('../../../../kernels/vbd/vbdBindings.wgsl', import.meta.url), 'utf8');
/** The value of `const NAME: u32 = Nu;` in vbdBindings.wgsl. */
const wgslConstant = (name: string): number => {
  const match = new RegExp(`const ${name}: u32 = (\\d+)u;`).exec(wgsl);
  if (!match) throw new Error(`vbdBindings.wgsl declares no ${name}`);
  return Number(match[1]);
};
const snake = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

describe('vertexDataLayout', () => {
  it('each #V×3 section starts where vbdBindings.wgsl says (its constant, in units of 3·#V)', () => {
    const V = 7;
    for (const section of [...VERTEX_SECTIONS, 'positionsAtDetection', 'targetsAtDetection'] as const) {
      const [start, length] = sectionRange(V, section);
      expect(start, `${section} starts at ${start}, the WGSL's ${snake(section)} says ${3 * V * wgslConstant(snake(section))}`).toBe(
        3 * V * wgslConstant(snake(section)),
      );
      expect(length, `${section} is #V×3`).toBe(3 * V);
    }
  });

  it('each #V scalar is where its WGSL accessor reads it (vertexData[N·#V + v], in units of #V)', () => {
    const accessors = {
      attachmentStiffness: 'attachmentStiffness',
      pinned: 'isPinned',
      attachmentDamping: 'attachmentDamping',
      maxDistance: 'maxDistance',
    } as const;
    for (const [section, accessor] of Object.entries(accessors) as [keyof typeof accessors, string][]) {
      const match = new RegExp(`fn ${accessor}\\(v: u32\\)[^{]*\\{\\s*return vertexData\\[(\\d+)u \\* modelLayout\\.vertexCount \\+ v\\]`).exec(wgsl);
      expect(match, `vbdBindings.wgsl's ${accessor} reads vertexData[N·#V + v]`).not.toBeNull();
      expect(SCALAR_SECTIONS[section], `${section}: host ${SCALAR_SECTIONS[section]}, WGSL ${match![1]}`).toBe(Number(match![1]));
      expect(sectionRange(3, section), `${section}'s range`).toEqual([3 * SCALAR_SECTIONS[section], 3]);
    }
  });

  it("contact's sections start where vbdBindings.wgsl says (in units of #V)", () => {
    for (const name of ['truncationMoved', 'positionsNew', 'inContact'] as const) {
      expect(CONTACT_SECTIONS[name], `${name}: host ${CONTACT_SECTIONS[name]}, WGSL ${wgslConstant(snake(name))}`).toBe(wgslConstant(snake(name)));
    }
  });

  it('the sections, with truncationMoved and positionsNew, tile vertexData exactly: every float in one section, VERTEX_DATA_FLOATS·#V in all', () => {
    const V = 5;
    const owner = new Array<string | undefined>(VERTEX_DATA_FLOATS * V);
    const claim = (name: string, start: number, length: number) => {
      for (let i = start; i < start + length; i++) {
        expect(owner[i], `float ${i} is in ${owner[i]} and in ${name}`).toBeUndefined();
        expect(i < owner.length, `${name} runs past vertexData's ${owner.length} floats`).toBe(true);
        owner[i] = name;
      }
    };
    for (const section of VERTEX_DATA_SECTIONS) claim(section, ...sectionRange(V, section));
    claim('truncationMoved', CONTACT_SECTIONS.truncationMoved * V, V);
    claim('positionsNew', CONTACT_SECTIONS.positionsNew * V, 3 * V);
    const free = owner.flatMap((name, i) => (name === undefined ? [i] : []));
    expect(free, 'floats of vertexData in no section').toEqual([]);
  });

  it("the per-call upload runs from targetsStart through the scalars, and stops before the kernels' own contact sections", () => {
    const V = 3;
    expect(UPLOAD_START * V, 'the upload starts at targetsStart').toBe(sectionRange(V, 'targetsStart')[0]);
    const lastScalar = Math.max(...Object.values(SCALAR_SECTIONS));
    expect(UPLOAD_END, 'the upload ends right after the last scalar section').toBe(lastScalar + 1);
    expect(UPLOAD_END, 'contact sections start after the upload').toBeLessThanOrEqual(Math.min(...Object.values(CONTACT_SECTIONS)));
  });
});
