import * as React from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';

/*
 * The photo editor's dialog. Only this small shell is in the image picker's bundle: the editor
 * and its crop library load when a photo is first edited (a dynamic import, so its own chunk),
 * while the dialog opens at once with a placeholder of the editor's shape.
 */
const PhotoEditor = React.lazy(() => import('./PhotoEditor.tsx'));

/** Starts loading the editor early (on hover or focus of "Edit photo"), so it opens ready. */
export function preloadPhotoEditor() {
  void import('./PhotoEditor.tsx');
}

export interface PhotoEditorDialogProps {
  /** The photo being edited; null when the dialog is closed. */
  file: File | null;
  photoNumber: number;
  onApply: (file: File) => void;
  /** Closing (Cancel, Escape, ×) leaves the photo as it was. */
  onClose: () => void;
}

export function PhotoEditorDialog({ file, photoNumber, onApply, onClose }: PhotoEditorDialogProps) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="3xl" className="max-md:p-4">
        <DialogHeader>
          <DialogTitle>Edit photo {photoNumber}</DialogTitle>
          <DialogDescription>Crop or turn the photo, and blur number plates, faces or street names before it's posted.</DialogDescription>
        </DialogHeader>
        {file ? (
          <React.Suspense fallback={<EditorPlaceholder />}>
            <PhotoEditor file={file} photoNumber={photoNumber} onApply={onApply} onCancel={onClose} />
          </React.Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorPlaceholder() {
  return (
    <div role="status" aria-label="Loading the photo editor" className="flex flex-col gap-4">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
