import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const logoVariants = cva('inline-block w-auto shrink-0 select-none', {
  variants: {
    size: {
      sm: 'h-6',
      md: 'h-8',
      lg: 'h-12',
      xl: 'h-16',
    },
  },
  defaultVariants: { size: 'md' },
});

/** Both halves lean like the spinner car's speed streaks: one skew for the whole identity. */
const ITALIC = 'skewX(-12)';

/** The mark: a white italic "P" with three speed streaks on the racing-red tile. 48 × 48 units. */
function Mark() {
  return (
    <g>
      <rect width={48} height={48} rx={11} className="fill-racing-red" />
      <g transform={`translate(8 0) ${ITALIC}`} className="fill-white">
        <path
          fillRule="evenodd"
          d="M16 11H29C35 11 39 15 39 20.5C39 26 35 30 29 30H23.5V37H16ZM23.5 17V24H28.5C30.6 24 32 22.6 32 20.5C32 18.4 30.6 17 28.5 17Z"
        />
        {/* Speed streaks trailing the P, shorter as they fall behind. */}
        <rect x={2} y={11} width={11} height={4} rx={1} />
        <rect x={5} y={18.5} width={8} height={4} rx={1} />
        <rect x={8} y={26} width={5} height={4} rx={1} />
      </g>
    </g>
  );
}

/**
 * The wordmark: "Pitlane" in the bundled Inter at its heaviest cut, slanted and squeezed to a
 * fixed length. `textLength` pins the width, so the viewBox fits whatever the font's metrics.
 * 150 × 48 units. It takes the current text colour, so it works on dark and light grounds.
 */
function Wordmark({ x = 0 }: { x?: number }) {
  return (
    <text
      x={x + 10}
      y={38}
      transform={ITALIC}
      textLength={140}
      lengthAdjust="spacingAndGlyphs"
      className="fill-current font-sans text-[40px] font-extrabold"
    >
      Pitlane
    </text>
  );
}

const layouts = {
  mark: { width: 48, content: <Mark /> },
  wordmark: { width: 150, content: <Wordmark /> },
  full: {
    width: 212,
    content: (
      <>
        <Mark />
        <Wordmark x={62} />
      </>
    ),
  },
} as const;

export interface LogoProps extends Omit<React.ComponentProps<'svg'>, 'children'>, VariantProps<typeof logoVariants> {
  /** `mark` alone (favicons, the collapsed bar), the `wordmark` alone, or both (`full`). */
  variant?: keyof typeof layouts;
}

/** The Pitlane logo, drawn by us as one SVG. Its accessible name is the product's name. */
export function Logo({ variant = 'full', size, className, ...props }: LogoProps) {
  const { width, content } = layouts[variant];
  return (
    <svg
      data-slot="logo"
      role="img"
      aria-label="Pitlane"
      viewBox={`0 0 ${width} 48`}
      className={cn(logoVariants({ size }), className)}
      {...props}
    >
      {content}
    </svg>
  );
}
