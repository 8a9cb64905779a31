/**
 * The bar above the panels: file commands and undo/redo as buttons (the only way to reach them in
 * the browser build, a shortcut in Electron next to the native menu), and the document title.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useApp } from '../appContext.ts';
import { hasUnsavedWork } from '../commands.ts';
import type { RecentEntry } from '../host/host.ts';
import { useOverlap, useUndoHistory } from '../store/index.ts';
import { Icon, type IconName } from './icons.tsx';

function ToolButton(props: { icon: IconName; label: string; shortcut?: string; onClick(): void; disabled?: boolean; testId?: string }): ReactElement {
  const title = props.shortcut ? `${props.label} (${props.shortcut})` : props.label;
  return (
    <button
      type="button"
      className="tool-button"
      title={title}
      aria-label={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      <Icon name={props.icon} />
      <span className="tool-label">{props.label}</span>
    </button>
  );
}

export function TopBar(): ReactElement {
  const { commands, host } = useApp();
  const source = useOverlap((state) => state.source);
  const project = useOverlap((state) => state.project);
  const dirty = useOverlap(hasUnsavedWork);
  const unexported = useOverlap((state) => state.baked !== null && !state.baked.exported);
  const [recent, setRecent] = useState<RecentEntry[]>([]);
  // The browser keeps recent files itself (Electron lists them in File › Open Recent); refresh on each document.
  useEffect(() => {
    void host.recentFiles().then(setRecent, () => setRecent([]));
  }, [host, source]);
  const setShortcutsOpen = useOverlap((state) => state.setShortcutsOpen);
  const canUndo = useUndoHistory((history) => history.pastStates.length > 0);
  const canRedo = useUndoHistory((history) => history.futureStates.length > 0);
  const mod = host.kind === 'electron' && navigator.userAgent.includes('Mac') ? '⌘' : 'Ctrl+';
  const title = project?.name ?? source?.name ?? 'No document';
  return (
    <header className="top-bar">
      <div className="brand" aria-label="Overlap">
        <span className="brand-mark" aria-hidden="true" />
        Overlap
      </div>
      <nav className="tool-group" aria-label="File">
        <ToolButton icon="open" label="Open Project…" shortcut={`${mod}O`} onClick={() => void commands.openProject()} testId="open-project" />
        <ToolButton icon="importFile" label="Import glTF…" shortcut={`${mod}I`} onClick={() => void commands.importGltf()} testId="import-gltf" />
        <ToolButton icon="save" label="Save" shortcut={`${mod}S`} onClick={() => void commands.save(false)} disabled={!source} testId="save" />
        <ToolButton
          icon="exportFile"
          label="Export glTF…"
          shortcut={`${mod}E`}
          onClick={() => void commands.exportGltf()}
          disabled={!source}
          testId="export-button"
        />
        {recent.length > 0 ? (
          <select
            className="recent-select"
            value=""
            aria-label="Open a recent file"
            title="Open a recent file (kept by this browser)"
            onChange={(event) => {
              if (event.target.value) void commands.openRecentEntry(event.target.value);
            }}
            data-testid="recent-files"
          >
            <option value="">Recent…</option>
            {recent.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {entry.name}
              </option>
            ))}
          </select>
        ) : null}
        <input
          type="file"
          className="hidden-input"
          accept=".glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,.ktx2,.json"
          multiple
          aria-label="Import glTF files"
          tabIndex={-1}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void commands.openFiles(files);
          }}
          data-testid="import-input"
        />
      </nav>
      <nav className="tool-group" aria-label="Edit">
        <ToolButton icon="undo" label="Undo" shortcut={`${mod}Z`} onClick={commands.undo} disabled={!canUndo} testId="undo" />
        <ToolButton
          icon="redo"
          label="Redo"
          shortcut={host.kind === 'electron' && mod === '⌘' ? '⇧⌘Z' : 'Ctrl+Shift+Z'}
          onClick={commands.redo}
          disabled={!canRedo}
          testId="redo"
        />
      </nav>
      <div className="document-title" data-testid="document-title">
        {title}
        {dirty ? (
          <span className="dirty-dot" title={unexported ? 'Unsaved changes or a bake that was not exported' : 'Unsaved changes'} aria-label="unsaved changes" />
        ) : null}
      </div>
      <div className="tool-group right">
        <ToolButton icon="keyboard" label="Help" shortcut="?" onClick={() => setShortcutsOpen(true)} testId="help" />
      </div>
    </header>
  );
}
