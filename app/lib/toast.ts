import { useSyncExternalStore } from 'react';

/** Spec section 9: 4000 ms error and plain, 2000 ms success, loading until dismissed, at most 20. */
type ToastKind = 'success' | 'error' | 'loading' | 'plain';
type Toast = { id: number; kind: ToastKind; message: string };

export const TOAST_DURATIONS: Record<ToastKind, number> = { success: 2000, error: 4000, plain: 4000, loading: Infinity };
export const MAX_TOASTS = 20;

const NO_TOASTS: Toast[] = [];
let toasts: Toast[] = NO_TOASTS;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(kind: ToastKind, message: string, options: { duration?: number } = {}): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  const duration = options.duration ?? TOAST_DURATIONS[kind];
  if (Number.isFinite(duration) && typeof window !== 'undefined') window.setTimeout(() => dismiss(id), duration);
  return id;
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = Object.assign((message: string, o?: { duration?: number }) => show('plain', message, o), {
  success: (message: string, o?: { duration?: number }) => show('success', message, o),
  error: (message: string, o?: { duration?: number }) => show('error', message, o),
  loading: (message: string) => show('loading', message),
  dismiss,
});

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => NO_TOASTS,
  );
}
