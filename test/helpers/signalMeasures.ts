/**
 * Signal measures shared by the motion tests and the bake benchmark.
 *
 * dampedMode: frequency [Hz] and decay rate [1/s] of the dominant damped mode of a sampled scalar signal, by
 * second-order linear prediction (Prony's method): least squares for x[n] = a₁x[n−1] + a₂x[n−2] + b; the roots of
 * z² − a₁z − a₂ are e^{(−σ ± iω_d)/fps}. { hertz: 0, decay: NaN } when the fit is not oscillatory.
 *
 * @param x    the samples
 * @param fps  samples per second
 */
export function dampedMode(x: ArrayLike<number>, fps: number): { hertz: number; decay: number } {
  const A = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const y = [0, 0, 0];
  for (let n = 2; n < x.length; n++) {
    const row = [x[n - 1], x[n - 2], 1];
    for (let i = 0; i < 3; i++) {
      y[i] += row[i] * x[n];
      for (let j = 0; j < 3; j++) A[i][j] += row[i] * row[j];
    }
  }
  const M = A.map((row, i) => [...row, y[i]]);
  for (let c = 0; c < 3; c++) {
    let p = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < 3; r++) {
      if (r === c || M[c][c] === 0) continue;
      const factor = M[r][c] / M[c][c];
      for (let k = c; k < 4; k++) M[r][k] -= factor * M[c][k];
    }
  }
  const a1 = M[0][3] / M[0][0];
  const a2 = M[1][3] / M[1][1];
  if (!(a1 * a1 + 4 * a2 < 0)) return { hertz: 0, decay: Number.NaN };
  const radius = Math.sqrt(-a2);
  const angle = Math.acos(Math.max(-1, Math.min(1, a1 / (2 * radius))));
  return { hertz: (angle * fps) / (2 * Math.PI), decay: -Math.log(radius) * fps };
}
