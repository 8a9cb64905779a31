/**
 * The engine worker's registry (engineWorkerCore.ts ENGINE_REQUEST_HANDLERS) and the state its handlers share
 * (engineWorkerState.ts): every request kind the protocol declares has a handler, a kind it does not know is answered
 * rather than thrown, and a `load` drops the sessions built on the previous document.
 */
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngineWorkerCore, ENGINE_REQUEST_HANDLERS } from '../../../renderer/workers/engineWorkerCore.ts';
import type { DocumentPayload, EngineRequest, EngineResponse } from '../../../renderer/workers/protocol.ts';
import { arapBeginRequest } from '../../helpers/arapBeginRequest.ts';
import { poseContactGlb } from '../../helpers/poseContactScene.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

/** The `kind` of every member of protocol.ts's EngineRequest union, read from the source by the TypeScript checker. */
function protocolRequestKinds(): string[] {
  const file = path.resolve('renderer/workers/protocol.ts');
  // Only the file itself: the union's members are declared in it, so its imports need not resolve.
  const program = ts.createProgram([file], { noResolve: true, noLib: true, strict: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === 'EngineRequest',
  );
  if (!alias) throw new Error('protocol.ts declares no EngineRequest type');
  const union = checker.getTypeAtLocation(alias.name);
  const members = union.isUnion() ? union.types : [union];
  return members.map((member) => {
    const kind = member.getProperty('kind');
    const type = kind && checker.getTypeOfSymbol(kind);
    if (!type?.isStringLiteral()) throw new Error(`an EngineRequest member without a literal kind: ${checker.typeToString(member)}`);
    return type.value;
  });
}

function recordingCore() {
  const messages: EngineResponse[] = [];
  const core = createEngineWorkerCore((message) => messages.push(message));
  return { core, messages, answer: (id: number) => messages.filter((message) => message.id === id).at(-1) };
}

async function poseContactDocument(documentId: number): Promise<DocumentPayload> {
  return { documentId, fileName: 'pose-contact.glb', bytes: await poseContactGlb(), resources: {} };
}

describe('engine worker registry', () => {
  it('answers every request kind protocol.ts declares, and no kind it does not', () => {
    const declared = protocolRequestKinds();
    expect(declared.length, 'the protocol parsed into its request kinds').toBeGreaterThanOrEqual(10);
    const registered = Object.keys(ENGINE_REQUEST_HANDLERS);
    for (const kind of declared) expect(typeof ENGINE_REQUEST_HANDLERS[kind as EngineRequest['kind']], `a handler for "${kind}"`).toBe('function');
    expect(registered.sort(), 'the registry holds exactly the protocol’s kinds').toEqual([...new Set(declared)].sort());
  });

  it('answers a request kind it does not know with `failed` naming the kind, instead of throwing', async () => {
    const { core, messages, answer } = recordingCore();
    await expect(core.handle({ kind: 'explode', id: 7 } as unknown as EngineRequest), 'handle resolves').resolves.toBeUndefined();
    expect(answer(7), 'one failed answer with the request’s id').toMatchObject({ kind: 'failed', message: expect.stringContaining('"explode"') });
    // Nothing can be answered without an id (a `load` has none): it is ignored, not thrown.
    await expect(core.handle({ kind: 'explode' } as unknown as EngineRequest), 'no id: still resolves').resolves.toBeUndefined();
    expect(messages.length, 'and nothing more is posted').toBe(1);
    // An inherited property is not a handler.
    await core.handle({ kind: 'toString', id: 8 } as unknown as EngineRequest);
    expect(answer(8), 'Object.prototype is not consulted').toMatchObject({ kind: 'failed' });
  });

  it('a new `load` drops the previous document’s lattice and pose edit: requests on them fail instead of using stale state', async () => {
    const { core, answer } = recordingCore();
    await core.handle({ kind: 'load', document: await poseContactDocument(1) });
    await core.handle({ kind: 'lattice', id: 1, documentId: 1, mesh: 'Bar', resolution: 4, pose: null });
    expect(answer(1)?.kind, 'the lattice of the first document').toBe('lattice');
    await core.handle(arapBeginRequest('Bar', [0], { id: 2 }));
    expect(answer(2)?.kind, 'a pose edit of the first document').toBe('arapBegun');
    await core.handle({ kind: 'latticePose', id: 3, pose: { clipIndex: null, time: 0 } });
    expect(answer(3)?.kind, 'the lattice session answers before the load').toBe('latticePose');

    await core.handle({ kind: 'load', document: await poseContactDocument(2) });
    await core.handle({ kind: 'latticePose', id: 4, pose: { clipIndex: null, time: 0 } });
    expect(answer(4), 'no lattice after the load').toMatchObject({ kind: 'failed', message: 'no lattice has been built' });
    await core.handle({ kind: 'arapDrag', id: 5, translation: [0, 0.1, 0] });
    expect(answer(5), 'no pose edit after the load').toMatchObject({ kind: 'failed', message: 'no pose edit has been started' });
    await core.handle({ kind: 'lattice', id: 6, documentId: 1, mesh: 'Bar', resolution: 4, pose: null });
    expect(answer(6), 'the previous document is gone').toMatchObject({ kind: 'failed', message: 'the engine has not loaded document 1' });
    await core.handle({ kind: 'lattice', id: 7, documentId: 2, mesh: 'Bar', resolution: 4, pose: null });
    expect(answer(7)?.kind, 'the new document answers').toBe('lattice');
  });

  it('the handlers share one state per core: two cores do not see each other’s document', async () => {
    const first = recordingCore();
    const second = recordingCore();
    await first.core.handle({ kind: 'load', document: await poseContactDocument(1) });
    await second.core.handle({ kind: 'lattice', id: 1, documentId: 1, mesh: 'Bar', resolution: 4, pose: null });
    expect(second.answer(1), 'the second core has no document').toMatchObject({ kind: 'failed', message: 'the engine has not loaded document 1' });
  });
});
