import type { Mode } from "../../../session/index.js";
import { initialState, reduce, type UiAction, type UiState } from "./state.js";

/**
 * The interface's state outside React, so the turn controller can dispatch from engine
 * callbacks and components read it with `useSyncExternalStore`.
 */
export interface Store {
  getState(): UiState;
  dispatch(action: UiAction): void;
  subscribe(listener: () => void): () => void;
}

export function createStore(rows: number, width: number, mode?: Mode): Store {
  let state = initialState(rows, width, mode);
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reduce(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
