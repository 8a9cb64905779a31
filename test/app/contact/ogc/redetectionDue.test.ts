import { describe, expect, it } from 'vitest';
import { NO_BOUND } from '../../../../app/contact/ogc/ogcContactState.ts';
import { redetectionDue } from '../../../../app/contact/ogc/redetectionDue.ts';
import { soup, soupState } from './soup.ts';

describe('redetectionDue: seed 000 §5.2.3.3, detect again when more than γ_e of the free vertices were truncated', () => {
  it('counts only free vertices (not pinned, with a finite bound) and needs at least one truncation', () => {
    const state = soupState(soup(10), 0.03);
    const V = state.V;
    // 120 bounded vertices, the rest unbounded; 20 of the bounded ones pinned: 100 free.
    expect(V, 'the soup has more than 120 vertices').toBeGreaterThan(120);
    state.bounds.fill(NO_BOUND);
    for (let v = 0; v < 120; v++) state.bounds[v] = 0.01;
    const pinned = new Uint8Array(V);
    for (let v = 0; v < 20; v++) pinned[v] = 1;
    expect(state.gammaE, 'default γ_e').toBe(0.01);
    expect(redetectionDue(state, 1, pinned), '1 of 100 free truncated: not more than γ_e').toBe(false);
    expect(redetectionDue(state, 2, pinned), '2 of 100 free truncated: more than γ_e').toBe(true);
    pinned.fill(1);
    expect(redetectionDue(state, 0, pinned), 'nothing free, nothing truncated').toBe(false);
  });
});
