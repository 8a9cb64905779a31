/** The app's modal questions (renderer/prompt.ts): unsaved changes, an unexported bake. Esc answers the last choice (Cancel). */
import type { ReactElement } from 'react';
import { answerPrompt } from '../prompt.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
import { useModalDialog } from './useModalDialog.ts';

export function PromptDialog(): ReactElement {
  const prompt = useOverlap((state) => state.prompt);
  const ref = useModalDialog(prompt !== null);
  const cancel = prompt?.choices[prompt.choices.length - 1]?.id ?? 'cancel';
  return (
    <dialog
      ref={ref}
      className="dialog prompt"
      aria-labelledby="prompt-title"
      aria-describedby="prompt-message"
      onCancel={(event) => {
        event.preventDefault();
        if (prompt) answerPrompt(overlapStore, prompt.id, cancel);
      }}
      data-testid="prompt"
    >
      {prompt ? (
        <>
          <h2 id="prompt-title">{prompt.title}</h2>
          <p id="prompt-message">{prompt.message}</p>
          <div className="dialog-actions">
            {prompt.choices.map((choice, index) => (
              <button
                key={choice.id}
                type="button"
                className={choice.kind === 'primary' ? 'primary-button' : choice.kind === 'danger' ? 'danger-button' : 'secondary-button'}
                autoFocus={index === 0}
                title={choice.label}
                onClick={() => answerPrompt(overlapStore, prompt.id, choice.id)}
                data-testid={`prompt-${choice.id}`}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
