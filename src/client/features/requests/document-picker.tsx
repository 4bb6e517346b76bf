import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { FILE_LIMITS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress-bar';

const MB = 1024 * 1024;

/** Spec 5 file checks, in the browser (the server checks again). Returns the accepted list and the first error. */
export function checkPdfFiles(current: File[], added: File[], maxFiles: number): { files: File[]; error: string | null } {
  let error: string | null = null;
  const files = [...current];
  for (const file of added) {
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      error = `${file.name} is not a PDF file. Only PDF files are accepted.`;
      continue;
    }
    if (file.size > FILE_LIMITS.documentMaxBytes) {
      error = `${file.name} is too large. Maximum file size is ${FILE_LIMITS.documentMaxBytes / MB}MB.`;
      continue;
    }
    if (files.length >= maxFiles) {
      error = `You can only upload up to ${maxFiles} file(s).`;
      break;
    }
    files.push(file);
  }
  return { files, error };
}

export function DocumentPicker({
  label,
  maxFiles,
  files,
  onChange,
  error,
  progress,
}: {
  label: string;
  maxFiles: number;
  files: File[];
  onChange: (files: File[], error: string | null) => void;
  error: string | null;
  progress: Record<string, number>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        PDF only · up to {FILE_LIMITS.documentMaxBytes / MB}MB each · {maxFiles} file{maxFiles === 1 ? '' : 's'} max
      </p>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        multiple={maxFiles > 1}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const { files: next, error: problem } = checkPdfFiles(files, Array.from(e.target.files ?? []), maxFiles);
          onChange(next, problem);
          e.target.value = '';
        }}
      />
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => input.current?.click()} disabled={files.length >= maxFiles}>
        <Upload aria-hidden="true" />
        Choose PDF{maxFiles > 1 ? 's' : ''}
      </Button>
      {files.length ? (
        <ul className="grid grid-cols-1 gap-2">
          {files.map((file) => (
            <li key={file.name + file.size} className="min-w-0 rounded-md border p-2 text-sm">
              <div className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">{(file.size / MB).toFixed(1)} MB</span>
                <button
                  type="button"
                  className="shrink-0 rounded p-1 hover:bg-muted"
                  aria-label={`Remove ${file.name}`}
                  onClick={() =>
                    onChange(
                      files.filter((f) => f !== file),
                      null,
                    )
                  }
                >
                  <X className="size-4" />
                </button>
              </div>
              {progress[file.name] !== undefined ? <ProgressBar value={progress[file.name]} label={`Uploading ${file.name}`} className="mt-2 h-1.5" /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
