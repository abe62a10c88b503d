/**
 * State of the upload card (spec 001 section 4 "Upload": idle, processing with optional compression
 * progress, then success or failure), its debug log (last 10 lines) and toasts.
 */
import { useCallback, useRef, useState } from 'react';
import { useMe } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { compressPackImages, type CompressProgress } from './compress/compressImages';
import { appendLog, stampLine } from './debugLog';
import { installPack, setPackServerInfo, storageStats } from './store/packStore';
import { t } from '../../i18n/themes';
import { uploadPackToServer } from './upload/serverUpload';
import { processUpload, uploadFailureToast, type InstalledPack } from './upload/uploadPack';
import { useRefreshThemePacks } from './useThemePacks';

export type UploadState = 'idle' | 'processing' | 'success' | 'failure';

/** The banner under the picker. */
export interface UploadBanner {
  kind: 'success' | 'failure';
  title: string;
  message: string;
}

/** Drives one upload at a time; `onInstalled` is called after a successful install. */
export function useThemeUpload(onInstalled?: (pack: InstalledPack) => void) {
  const { signedIn } = useMe();
  const toast = useToast();
  const refresh = useRefreshThemePacks();
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState<CompressProgress | null>(null);
  const [banner, setBanner] = useState<UploadBanner | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const busy = useRef(false);

  const addLog = useCallback((line: string) => setLog((lines) => appendLog(lines, [stampLine(line)])), []);
  const clearLog = useCallback(() => setLog([]), []);

  const upload = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setState('processing');
      setBanner(null);
      setProgress(null);
      try {
        const pack = await processUpload(file, {
          compress: compressPackImages,
          stats: storageStats,
          install: installPack,
          ...(signedIn ? { upload: (bytes: Uint8Array) => uploadPackToServer(bytes) } : {}),
          saveServerInfo: setPackServerInfo,
          log: addLog,
          onProgress: setProgress,
        });
        const missing = pack.missingImages.length;
        const message = t(missing === 0 ? 'themes.upload.installed' : missing === 1 ? 'themes.upload.installed.missing_one' : 'themes.upload.installed.missing_many', {
          name: pack.theme.name,
          count: missing,
        });
        setState('success');
        setBanner({ kind: 'success', title: t('themes.upload.uploaded'), message });
        toast.success(t('themes.upload.uploaded'), message);
        await refresh();
        onInstalled?.(pack);
      } catch (err) {
        const { title, message } = uploadFailureToast(err);
        addLog(t('themes.upload.failure_line', { title, message }));
        setState('failure');
        setBanner({ kind: 'failure', title, message });
        toast.error(title, message);
      } finally {
        busy.current = false;
      }
    },
    [signedIn, addLog, toast, refresh, onInstalled],
  );

  return { state, progress, banner, log, addLog, clearLog, upload };
}
