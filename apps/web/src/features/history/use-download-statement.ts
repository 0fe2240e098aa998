import { useState } from 'react';
import { reportOperationError } from '../../lib/api/query-client';
import { saveFile } from '../../lib/save-file';
import { fetchStatement } from './api/download-statement';

/**
 * Downloads a request's PDF statement and saves it under the server's file name (else `fallbackName`); a
 * failure goes to the one error display, as the CSV export's does.
 */
export function useDownloadStatement(id: number, fallbackName: string) {
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const statement = await fetchStatement(id);
      saveFile(statement, statement.name || fallbackName);
    } catch (error) {
      reportOperationError(error);
    } finally {
      setDownloading(false);
    }
  };
  return { download, isDownloading };
}
