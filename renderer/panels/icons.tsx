/** Small stroke icons (16 px, currentColor), drawn inline so no remote or font assets are needed. */
import type { ReactElement } from 'react';

const paths: Record<string, ReactElement> = {
  play: <path d="M5 3.5v9l7.5-4.5z" fill="currentColor" stroke="none" />,
  pause: (
    <g fill="currentColor" stroke="none">
      <rect x="4" y="3.5" width="3" height="9" rx="0.5" />
      <rect x="9" y="3.5" width="3" height="9" rx="0.5" />
    </g>
  ),
  first: <path d="M4 3.5v9M12.5 3.5 6 8l6.5 4.5z" />,
  last: <path d="M12 3.5v9M3.5 3.5 10 8l-6.5 4.5z" />,
  previous: <path d="M10.5 4 6.5 8l4 4" />,
  next: <path d="m5.5 4 4 4-4 4" />,
  loop: <path d="M3 7.5V7a3 3 0 0 1 3-3h6.5M11 2l1.8 2L11 6M13 8.5V9a3 3 0 0 1-3 3H3.5M5 14l-1.8-2L5 10" />,
  mesh: <path d="M8 2 13.5 5v6L8 14 2.5 11V5zM8 2v12M2.5 5 13.5 11M13.5 5 2.5 11" />,
  clip: <path d="M2.5 4.5h11v7h-11zM5 4.5v7M11 4.5v7" />,
  open: <path d="M2.5 4.5v8h10l1.5-5.5H5L3.5 12.5M2.5 4.5h4l1 1.5h4.5v1" />,
  importFile: <path d="M8 2.5v7M5 6.5l3 3 3-3M3 10.5v2.5h10v-2.5" />,
  save: <path d="M3 2.5h8l2 2v9H3zM5.5 2.5v3.5h5V2.5M5.5 13.5v-4h5v4" />,
  exportFile: <path d="M8 10V3M5 5.5 8 2.5l3 3M3 10.5v2.5h10v-2.5" />,
  undo: <path d="M5.5 3.5 2.5 6.5l3 3M2.5 6.5H10a3.5 3.5 0 0 1 0 7H7" />,
  redo: <path d="m10.5 3.5 3 3-3 3M13.5 6.5H6a3.5 3.5 0 0 0 0 7h3" />,
  frame: <path d="M2.5 5.5v-3h3M10.5 2.5h3v3M13.5 10.5v3h-3M5.5 13.5h-3v-3M6 8h4M8 6v4" />,
  keyboard: <path d="M1.5 4.5h13v7h-13zM4 7h.01M6.5 7h.01M9 7h.01M11.5 7h.01M5 9.5h6" />,
  close: <path d="m4 4 8 8M12 4l-8 8" />,
};

export type IconName = keyof typeof paths;

export function Icon({ name, title }: { name: IconName; title?: string }): ReactElement {
  return (
    <svg
      className="icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
    >
      {title ? <title>{title}</title> : null}
      {paths[name]}
    </svg>
  );
}
