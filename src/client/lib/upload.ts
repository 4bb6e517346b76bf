import type { UploadPurpose } from '../../common/enums';
import type { ErrorCode } from '../../common/error-codes';
import { ApiError, apiRequest } from './api-client';

/**
 * Uploads one file: ask the API for an upload URL, PUT the raw bytes there (with progress), return the object path.
 * A failed PUT reports 'File upload failed' (spec 5) with the storage's own reason when it gives one.
 */
export async function uploadFile(file: File, purpose: UploadPurpose, onProgress?: (percent: number) => void): Promise<string> {
  const { uploadURL, objectPath } = await apiRequest<{ uploadURL: string; objectPath: string }>('POST', '/api/files/upload', {
    fileName: file.name,
    size: file.size,
    purpose,
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('Content-Type', file.type || (purpose === 'photo' ? 'image/jpeg' : 'application/pdf'));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = 'File upload failed';
      let code: ErrorCode | undefined;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; code?: ErrorCode };
        if (body.message) message = `File upload failed: ${body.message}`;
        code = body.code;
      } catch {
        // keep the generic text
      }
      reject(new ApiError(xhr.status, message, code));
    };
    xhr.onerror = () => reject(new ApiError(0, 'File upload failed', 'unavailable'));
    xhr.send(file);
  });
  onProgress?.(100);
  return objectPath;
}
