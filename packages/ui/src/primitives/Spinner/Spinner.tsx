import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

/** Spec §9: the car spinner is 139 frames long at 46 frames per second. */
export const SPINNER_FRAMES = 139;
export const SPINNER_FPS = 46;
/** One loop of the car animation in seconds (139 / 46 ≈ 3.02 s). Every moving part repeats within it. */
export const SPINNER_LOOP_SECONDS = SPINNER_FRAMES / SPINNER_FPS;

// The motion is plain CSS keyframes in the design system's style sheet (styles.css, "The car
// spinner"), driven by --pl-car-loop set here from the spec's frame count and rate.

/** One wheel: tyre, rim and five spokes (odd, so the turning reads clearly at 46 fps). */
function Wheel({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g className="pl-car-wheel">
      <circle cx={cx} cy={cy} r={17} className="fill-asphalt" />
      <circle cx={cx} cy={cy} r={11} className="fill-concrete" />
      <g className="stroke-chalk" strokeWidth={2.5} strokeLinecap="round">
        {[0, 72, 144, 216, 288].map((angle) => (
          <line key={angle} x1={cx} y1={cy} x2={cx} y2={cy - 9.5} transform={`rotate(${angle} ${cx} ${cy})`} />
        ))}
      </g>
      <circle cx={cx} cy={cy} r={3} className="fill-asphalt" />
    </g>
  );
}

/** The car itself: a low fastback coupé in side view, facing right, driving to the right. */
export function CarArtwork({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 300 150" fill="none" aria-hidden className={cn('h-full w-auto', className)} {...props}>
      {/* Wind streaks behind the car; dashes scroll leftwards along each line. */}
      <g className="stroke-concrete" strokeOpacity={0.45} strokeWidth={3} strokeLinecap="round">
        <path className="pl-car-wind" d="M2 70H30" strokeDasharray="26 24" />
        <path className="pl-car-wind" d="M0 84H30" strokeDasharray="18 32" />
        <path className="pl-car-wind" d="M6 98H30" strokeDasharray="30 20" />
      </g>
      {/* Road: a kerb line and lane dashes that stream past. */}
      <path d="M0 126H300" className="stroke-chalk" strokeWidth={2} />
      <path className="pl-car-road stroke-concrete" d="M0 138H300" strokeWidth={3} strokeDasharray="22 18" />
      <ellipse cx={152} cy={124} rx={110} ry={4} className="fill-asphalt" opacity={0.12} />

      <g className="pl-car-body">
        {/* Body: a long fastback line from the ducktail to a low nose, cut out for the wheel arches. */}
        <path
          className="fill-racing-red"
          d="M44 110 Q36 110 36 102 L37 88 Q38 82 46 80 C88 71 118 57 158 56 C176 56 188 61 203 71 L256 81 Q270 84 272 95 L272 103 Q272 110 264 110 L239 110 A21 21 0 0 0 197 110 L105 110 A21 21 0 0 0 63 110 Z"
        />
        {/* One teardrop of side glass, split by a slim B-pillar. */}
        <path className="fill-graphite" d="M98 77 C118 67 138 62 158 62 C172 62 183 66 195 74 Z" />
        <path d="M152 62 L150 77" className="stroke-racing-red" strokeWidth={3} />
        {/* Door shut line, side intake and sill shadow give the flank some depth. */}
        <path d="M150 80 L148 106" className="stroke-asphalt" strokeOpacity={0.3} strokeWidth={1.5} />
        <path className="fill-asphalt" opacity={0.55} d="M110 96 L132 94 L132 100 L114 101 Z" />
        <path d="M106 105 H196" className="stroke-asphalt" strokeOpacity={0.25} strokeWidth={3} />
        {/* Racing stripe along the flank. */}
        <path d="M38 89 L271 89" className="stroke-white" strokeWidth={3} />
        {/* Headlight, tail light and a rear wing on a short post. */}
        <path className="fill-paper" d="M256 83 Q266 85 269 92 L257 91 Z" />
        <rect x={35} y={91} width={5} height={8} rx={1.5} className="fill-asphalt" opacity={0.6} />
        <path className="fill-asphalt" d="M34 73 L66 70 L66 74 L36 77 Z" />
        <path d="M53 74 L53 80" className="stroke-asphalt" strokeWidth={3} />
      </g>

      <Wheel cx={84} cy={107} />
      <Wheel cx={218} cy={107} />
    </svg>
  );
}

export interface SpinnerProps extends React.ComponentProps<'div'> {
  /** What is loading, for screen readers. */
  label?: string;
}

/**
 * The car spinner: a `status` region named by its label. Spec §2/§9: 100 px high on mobile
 * (< 768 px), 150 px otherwise.
 */
export function Spinner({ label = 'Loading', className, style, ...props }: SpinnerProps) {
  const labelId = React.useId();
  return (
    <div
      data-slot="spinner"
      role="status"
      aria-labelledby={labelId}
      className={cn('inline-flex h-[100px] md:h-[150px]', className)}
      style={{ '--pl-car-loop': `${SPINNER_LOOP_SECONDS}s`, ...style } as React.CSSProperties}
      {...props}
    >
      <CarArtwork />
      {/* Also the live text a screen reader announces when the status appears. */}
      <span id={labelId} className="sr-only">
        {label}
      </span>
    </div>
  );
}

export const fullScreenSpinnerVariants = cva('fixed inset-0 flex items-center justify-center', {
  variants: {
    variant: {
      // App start (spec §2): nothing is on screen yet, so a plain page-coloured backdrop.
      screen: 'bg-background',
      // Logout (spec §2): the page stays visible but blurred, and nothing underneath can be used.
      overlay: 'z-(--layer-busy-overlay) bg-background/60 backdrop-blur-md',
    },
  },
  defaultVariants: { variant: 'screen' },
});

export interface FullScreenSpinnerProps
  extends React.ComponentProps<'div'>, VariantProps<typeof fullScreenSpinnerVariants> {
  label?: string;
}

/** The spinner centred in the viewport: at app start (`screen`) or over the page during logout (`overlay`). */
export function FullScreenSpinner({ variant, label, className, ...props }: FullScreenSpinnerProps) {
  return (
    <div data-slot="full-screen-spinner" className={cn(fullScreenSpinnerVariants({ variant }), className)} {...props}>
      <Spinner label={label} />
    </div>
  );
}
