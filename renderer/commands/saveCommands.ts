/**
 * The commands that write the user's work: Save / Save As (the project; saving clears the crash-recovery
 * autosave) and Export glTF (the last bake's GLB, or the imported glTF as GLB).
 */
import type { Commands } from '../commands.ts';
import { embeddedSource } from '../document/embeddedSource.ts';
import { exportGlb } from '../document/exportGlb.ts';
import { projectFileName, projectText } from '../document/projectFile.ts';
import { registeredBake, registeredDocument } from '../document/sceneRegistry.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import type { CommandContext } from './commandContext.ts';

export function saveCommands({ host, store, notify, failed }: CommandContext): Pick<Commands, 'save' | 'exportGltf'> {
  return {
    async save(saveAs) {
      const state = store.getState();
      if (!state.source) {
        notify('info', 'Nothing to save yet: import a glTF first');
        return false;
      }
      try {
        const file = registeredDocument(state.documentId)?.file ?? null;
        const text = projectText(state, paintDocument(state.documentId), state.embedSource && file ? embeddedSource(file) : null);
        const result = await host.saveProject({
          path: state.project?.path ?? null,
          suggestedName: projectFileName(state.source.name, state.project?.name ?? null),
          text,
          saveAs: saveAs || !state.project?.path,
        });
        if (!result) return false;
        store.getState().projectSaved({ name: result.name, path: result.path });
        store.getState().resolveNotices('save');
        await host.clearRecovery().catch(() => undefined);
        notify('info', `Saved ${result.name}`);
        return true;
      } catch (error) {
        failed('Save', 'save')(error);
        return false;
      }
    },
    async exportGltf() {
      const state = store.getState();
      const imported = registeredDocument(state.documentId)?.imported;
      const baked = state.baked ? registeredBake(state.documentId, state.baked.bakeId) : null;
      if (!state.source || (!imported && !baked))
        return notify('info', state.source ? 'Export needs the engine importer, which could not read this file' : 'Nothing to export yet: import a glTF first');
      try {
        // The bake's output is a complete glTF (input plus baked clip); without a bake, the input as GLB.
        const bytes = baked ? baked.bytes : await exportGlb(imported!);
        const suggestedName = `${state.source.name.replace(/\.(glb|gltf)$/i, '')}.overlap.glb`;
        const result = await host.exportGltf({ suggestedName, bytes });
        if (!result) return;
        if (baked) store.getState().bakeExported(baked.bakeId);
        store.getState().resolveNotices('export');
        notify('info', `Exported ${result.name} (${(bytes.byteLength / 1024).toFixed(0)} KiB${baked ? `, baked "${baked.report.clip}"` : ''})`);
      } catch (error) {
        failed('Export glTF', 'export')(error);
      }
    },
  };
}
