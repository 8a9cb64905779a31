/**
 * The window: top bar, outliner | viewport | simulation panel, timeline, status bar. Files dropped anywhere on the
 * window open (a glTF with its sidecar files, or a project with its glTF).
 */
import { useEffect, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { useApp } from './appContext.ts';
import { BakePanel } from './panels/BakePanel.tsx';
import { MeshPanel } from './panels/MeshPanel.tsx';
import { PaintPanel } from './panels/PaintPanel.tsx';
import { PromptDialog } from './panels/PromptDialog.tsx';
import { RecoveryCard } from './panels/RecoveryCard.tsx';
import { ScenePanel } from './panels/ScenePanel.tsx';
import { Notices } from './panels/Notices.tsx';
import { Outliner } from './panels/Outliner.tsx';
import { ShortcutsDialog } from './panels/ShortcutsDialog.tsx';
import { StatusBar } from './panels/StatusBar.tsx';
import { Timeline } from './panels/Timeline.tsx';
import { TopBar } from './panels/TopBar.tsx';
import { hasUnsavedWork } from './commands.ts';
import { overlapStore, useOverlap } from './store/index.ts';
import { useShortcuts } from './useShortcuts.ts';
import { Viewport } from './viewport/Viewport.tsx';

const hasFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');

export function App(): ReactElement {
  const { commands, host } = useApp();
  useShortcuts(commands, host);
  useDocumentState();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  useEffect(() => host.onMenuCommand((command) => void commands.run(command)), [host, commands]);

  return (
    <div
      className="app"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        void commands.openFiles([...event.dataTransfer.files]);
      }}
    >
      <TopBar />
      <main className="workspace">
        <Outliner />
        <div className="viewport-area">
          <Viewport />
          <Notices />
          <RecoveryCard />
        </div>
        <aside className="sidebar panel" aria-label="Properties" data-testid="properties">
          <PaintPanel />
          <MeshPanel />
          <ScenePanel />
          <BakePanel />
        </aside>
      </main>
      <Timeline />
      <StatusBar />
      <ShortcutsDialog />
      <PromptDialog />
      {dragging ? (
        <div className="drop-overlay" data-testid="drop-overlay">
          <div className="drop-card">
            <strong>Drop to open</strong>
            <span>a .glb, a .gltf with its .bin and textures, or an .overlap.json project</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Keeps the window title and the host's unsaved-changes flag (unsaved edits, or a bake not exported) in step with the document. */
function useDocumentState(): void {
  const { host } = useApp();
  const source = useOverlap((state) => state.source);
  const project = useOverlap((state) => state.project);
  const dirty = useOverlap(hasUnsavedWork);
  useEffect(() => {
    const name = project?.name ?? source?.name;
    host.setDocumentState({ title: name ? `${name} — Overlap` : 'Overlap', dirty, hasDocument: source !== null });
  }, [host, source, project, dirty]);
  useEffect(() => {
    // Browser: warn before closing the tab with unsaved changes (Electron asks in main).
    if (host.kind !== 'browser') return;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      if (hasUnsavedWork(overlapStore.getState())) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [host]);
}
