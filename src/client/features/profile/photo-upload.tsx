import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { FILE_LIMITS } from '../../../common/constants';
import type { UserDto } from '../../../common/api-types';
import { UserAvatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress-bar';
import { toast, toastError } from '../../components/ui/use-toast';
import { uploadFile } from '../../lib/upload';
import { useUpdateProfile } from './api';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** Profile photo: JPEG, PNG or WebP up to 2 MB, through the storage adapter (checked again on the server). */
export function PhotoUpload({ user }: { user: UserDto }) {
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!ACCEPTED.includes(file.type)) return setError(`${file.name} is not a JPEG, PNG or WebP image.`);
    if (file.size > FILE_LIMITS.photoMaxBytes) return setError(`${file.name} is too large. Maximum file size is 2MB.`);
    try {
      setProgress(0);
      const objectPath = await uploadFile(file, 'photo', setProgress);
      await update.mutateAsync({ profileImageUrl: objectPath });
      toast({ title: 'Photo updated', description: 'Your new profile photo is saved.' });
    } catch (e) {
      toastError('Error uploading files', e);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-4">
      <UserAvatar src={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} className="size-20 text-xl" />
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap gap-2">
          {/* The visible button opens this input, so the input itself is labelled but kept out of the tab order (axe: label). */}
          <input
            ref={input}
            type="file"
            accept={ACCEPTED.join(',')}
            className="sr-only"
            id="photo-input"
            aria-label="Profile photo"
            aria-describedby="photo-input-hint"
            tabIndex={-1}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={progress !== null}>
            <Camera aria-hidden="true" />
            {progress !== null ? 'Uploading...' : user.profileImageUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {user.profileImageUrl ? (
            <Button
              variant="ghost"
              onClick={() => void update.mutateAsync({ profileImageUrl: null }).catch((e) => toastError('Error', e))}
              disabled={update.isPending}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <p id="photo-input-hint" className="text-xs text-muted-foreground">
          JPEG, PNG or WebP, up to 2 MB.
        </p>
        {progress !== null ? <ProgressBar value={progress} label="Upload progress" className="w-48 max-w-full" /> : null}
        {error ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
