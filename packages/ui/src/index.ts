// @pitlane/ui: the design system. Primitives, widgets and layouts, each in its own folder.
export { cn } from './lib/cn.ts';

// Primitives
export { Button, buttonVariants, type ButtonProps } from './primitives/Button/Button.tsx';
export { Input, controlClasses, type InputProps } from './primitives/Input/Input.tsx';
export { Textarea, type TextareaProps } from './primitives/Textarea/Textarea.tsx';
export { Select, type SelectProps } from './primitives/Select/Select.tsx';
export { Field, fieldStatusVariants, type FieldProps } from './primitives/Field/Field.tsx';
export { IconButton, iconButtonVariants, type IconButtonProps } from './primitives/IconButton/IconButton.tsx';
export { Avatar, avatarVariants, initialsOf, type AvatarProps } from './primitives/Avatar/Avatar.tsx';
export { Badge, badgeVariants, type BadgeProps } from './primitives/Badge/Badge.tsx';
export { Skeleton, type SkeletonProps } from './primitives/Skeleton/Skeleton.tsx';
export {
  Spinner,
  FullScreenSpinner,
  fullScreenSpinnerVariants,
  SPINNER_FRAMES,
  SPINNER_FPS,
  SPINNER_LOOP_SECONDS,
  type SpinnerProps,
  type FullScreenSpinnerProps,
} from './primitives/Spinner/Spinner.tsx';
export { Logo, logoVariants, type LogoProps } from './primitives/Logo/Logo.tsx';
export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogClose,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  dialogLayerVariants,
  type DialogContentProps,
  type DialogLayer,
} from './primitives/Dialog/Dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './primitives/ConfirmDialog/ConfirmDialog.tsx';
export {
  BottomSheet,
  BottomSheetTrigger,
  BottomSheetClose,
  BottomSheetContent,
  type BottomSheetContentProps,
} from './primitives/BottomSheet/BottomSheet.tsx';
