import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DraftSnapshot, DraftUploads } from '~/lib/draft-uploads';
import type { PhotoList } from './PhotoPicker';

const NONE: DraftSnapshot = { draftId: null, uploads: {}, status: null, ready: true, failed: false };

/**
 * The post form's draft on the server (issue 48, point 3): the work is in ~/lib/draft-uploads,
 * loaded when the first photo is picked or a draft is resumed; this holds what the form shows.
 * `enabled` is false in edit mode and before hydration (the plain form posts everything at once).
 */
export function useDraft({ enabled, initialDraftId, list, formRef, onRefused }: {
  enabled: boolean;
  initialDraftId: string | null;
  list: PhotoList;
  formRef: RefObject<HTMLFormElement | null>;
  onRefused: (message: string) => void;
}) {
  const [snapshot, setSnapshot] = useState<DraftSnapshot>({ ...NONE, draftId: initialDraftId });
  const engine = useRef<DraftUploads | null>(null);
  const loading = useRef(false);
  const latest = useRef({ list, onRefused });
  latest.current = { list, onRefused };
  const wanted = enabled && (!!initialDraftId || list.photos.some((p) => p.kind === 'new'));

  useEffect(() => {
    if (!wanted || loading.current) return;
    loading.current = true;
    void import('~/lib/draft-uploads').then(({ createDraftUploads }) => {
      engine.current = createDraftUploads({
        draftId: initialDraftId,
        form: () => formRef.current,
        refused: (id, message) => {
          latest.current.list.remove(`new-${id}`);
          latest.current.onRefused(message);
        },
        changed: setSnapshot,
      });
      engine.current.photos(latest.current.list.photos);
    });
  }, [wanted, initialDraftId, formRef]);
  useEffect(() => () => engine.current?.dispose(), []);
  useEffect(() => engine.current?.photos(list.photos), [list.photos]);

  return {
    ...snapshot,
    // Nothing to wait for until the first photo is picked (then the module loads and says).
    ready: snapshot.ready && (!wanted || !!engine.current),
    /** Each photo's upload under its preview, and what is saved: shown once the uploads' module is loaded. */
    statusOf: snapshot.status === null ? undefined : engine.current?.statusOf,
    statusLine: snapshot.status === null ? null : engine.current?.statusLine(snapshot.status),
    retry: () => engine.current?.retry(),
    edited: () => engine.current?.edited(),
    photoOrder: () => engine.current?.photoOrder() ?? [],
  };
}
