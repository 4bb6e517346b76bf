import { Eraser } from 'lucide-react';
import { useRef, type PointerEvent } from 'react';
import { Button } from '../../components/ui/button';

// The drawn signature is stored as a PNG of this fixed size; the pad is drawn at any width and pointer positions are
// scaled to it, so a phone and a desktop make the same image.
const WIDTH = 600;
const HEIGHT = 200;

/**
 * A pad to draw a signature with a mouse, a pen or a finger (pointer events). Each stroke ends by handing the whole
 * drawing to `onChange` as a PNG data URL; Clear empties it (''). Dark ink on white in both themes: the image goes
 * onto the signed document as drawn.
 */
export function SignaturePad({
  hasImage,
  onChange,
  describedBy,
  invalid,
}: {
  hasImage: boolean;
  onChange: (image: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return null;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111827';
    return ctx;
  };
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) * WIDTH) / box.width, y: ((e.clientY - box.top) * HEIGHT) / box.height };
  };

  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    // A tap leaves a dot, as a pen would.
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = drawing.current ? context() : null;
    if (!ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    onChange('');
  };

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Signature pad: draw your signature here"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="aspect-[3/1] w-full cursor-crosshair touch-none rounded-md border border-input bg-white aria-[invalid=true]:border-destructive"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">Drawing needs a mouse, a pen or a finger; with a keyboard, type your name instead.</p>
        <Button variant="outline" size="sm" onClick={clear} disabled={!hasImage}>
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}
