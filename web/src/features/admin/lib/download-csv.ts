import { adminHeaders, reportIfExpired } from './admin-session';
import { ApiError } from '@/lib/api-client';

/** Fetches an export with the session and saves it under the given file name. */
export async function downloadCsv(path: string, fileName: string) {
  const response = await fetch(`/api${path}`, { credentials: 'include', headers: adminHeaders() });
  if (!response.ok) {
    const error = new ApiError(response.status, `${response.status}: ${await response.text()}`);
    reportIfExpired(error);
    throw error;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
