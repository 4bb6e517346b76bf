import { FileText, Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { MessageChannel } from '../../../common/enums';
import { MESSAGE_MAX_LENGTH } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { ProgressBar } from '../../components/ui/progress-bar';
import { toastError } from '../../components/ui/use-toast';
import { attachmentProblem, useSendMessage } from './api';

/**
 * Writing a message (spec 2 + 5): 'Type your message...'; Enter sends, Shift+Enter starts a new line; Send is disabled
 * while the trimmed text is empty and no PDF is attached; a failure shows 'Failed to send message' with the server's
 * message and gives back what was typed.
 */
export function MessageComposer({ requestId, disabled = false, channel }: { requestId: string; disabled?: boolean; channel?: MessageChannel }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const send = useSendMessage(requestId, setProgress, channel);
  const canSend = !disabled && !send.isPending && (text.trim().length > 0 || file !== null);

  // The box empties at once, so the next message can be typed while this one is on its way; a failure puts the text
  // (and the file) back unless something new was typed meanwhile.
  const submit = async () => {
    if (!canSend) return;
    const sent = { content: text.trim(), file };
    setText('');
    setFile(null);
    setUploading(file?.name ?? null);
    try {
      await send.mutateAsync(sent);
    } catch (error) {
      toastError('Failed to send message', error);
      setText((current) => (current.trim() ? current : text));
      setFile((current) => current ?? sent.file);
    } finally {
      setProgress(null);
      setUploading(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-2 border-t p-3 sm:p-4" aria-label="Send a message">
      {file ? (
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 p-2 text-sm">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 wrap-anywhere">{file.name}</span>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove ${file.name}`} disabled={send.isPending} onClick={() => setFile(null)}>
            <X />
          </Button>
        </div>
      ) : null}
      {uploading && progress !== null ? <ProgressBar value={progress} label={`Uploading ${uploading}`} className="h-1.5" /> : null}
      {fileError ? (
        <p role="alert" className="text-sm font-medium text-destructive wrap-anywhere">
          {fileError}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label="PDF attachment"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const problem = attachmentProblem(chosen);
            setFileError(problem);
            if (!problem) setFile(chosen);
          }}
        />
        <Button
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label="Attach a PDF"
          disabled={disabled || send.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip />
        </Button>
        <label htmlFor={`${id}-text`} className="sr-only">
          Message
        </label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="max-h-40 min-h-10 flex-1 resize-none"
        />
        <Button type="submit" className="shrink-0" disabled={!canSend} aria-busy={send.isPending}>
          <Send aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{send.isPending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="hidden text-xs text-muted-foreground sm:block">
        Enter to send, Shift+Enter for a new line. PDF attachments up to 10MB.
      </p>
    </form>
  );
}
