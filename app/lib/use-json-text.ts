import { useMemo } from 'react';
import { parseJsonText, type JsonText } from '#kernel/json-text.ts';

/** The value, parsed once per text (a component renders again on every navigation state). */
export function useJsonText<T>(text: JsonText<T>): T {
  return useMemo(() => parseJsonText(text), [text]);
}
