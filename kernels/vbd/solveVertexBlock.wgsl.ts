// Generated from solveVertexBlock.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const solveVertexBlockWgsl = `// solveVertexBlock.wgsl: WGSL twin of app/solvers/vbd/solveVertexBlock.ts (same name; the vertex's summed element
// terms come in, model and workspace are bindings).
//
// One VBD vertex update (seed 000 Eqs. 3.2, 3.4; Algorithm 1 lines 10-20): add the unary terms (inertia,
// attachment) to the gathered f_i, H_i, take the analytic 3×3 Newton step Δx_i = H_i⁻¹ f_i and write x_i + Δx_i.
// A refused solve keeps x_i and counts in counters[0] (workspace.skippedSolves). The CPU writes to positionsNew
// and copies back after the color. Without contact no two vertices of a color read each other, so writing x_i in
// place gives the same result and saves a dispatch per color. Contact couples vertices of one color (its Hessian is
// the Jacobi-safe majorizer, evaluateContactForceHessian): with contact in the buffer every vertex of the color must
// see the others' old positions, so the solve writes positionsNew (x_i itself when refused) and commitColor
// (solveColor.wgsl) copies the color back, as the CPU does. The optional line search is not ported: the stepper
// refuses it.

fn solveVertexBlock(vertex: u32, elements: ForceHessian) {
  var total = elements;
  vertexUnaryForceHessian(vertex, &total);
  var delta = vec3f(0.0);
  let solved = solveSymmetric3x3(total, &delta);
  if (!solved) {
    atomicAdd(&counters[0], 1u);
    delta = vec3f(0.0);
  }
  if (hasContact && contactWords[CONTACT_COUNT] != 0u) {
    setNewPosition(vertex, position(vertex) + delta);
  } else if (solved) {
    setPosition(vertex, position(vertex) + delta);
  }
}
`;
