// @pitlane/ui: the design system. Primitives, widgets and layouts, each in its own folder.
export { cn } from './lib/cn.ts';

// Primitives
export { Button, buttonVariants, type ButtonProps } from './primitives/Button/Button.tsx';
