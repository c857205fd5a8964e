import { useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { paintOverview } from './overview-paint';
import type { OverviewScene } from './overview-scene';

/**
 * One <canvas> under React Flow's nodes that paints the zoomed-out canvas (see paintOverview). It
 * repaints once per frame at most, when the scene or React Flow's viewport changes; with no scene
 * (zoomed in) it is empty and hidden.
 */
export function OverviewLayer({ scene }: { scene: OverviewScene | null }) {
  const { t } = useTranslation('builder');
  const here = t('debugger.here');
  const flowStore = useStoreApi();
  const canvas = useRef<HTMLCanvasElement>(null);
  // What to paint, and how to ask for a paint: set by the effects below, read in the frame callback.
  const latest = useRef<{ scene: OverviewScene | null; here: string }>({ scene: null, here: '' });
  const schedulePaint = useRef(() => {});

  useEffect(() => {
    let frame = 0;
    const paint = () => {
      frame = 0;
      const element = canvas.current;
      const context = element?.getContext('2d');
      const current = latest.current;
      if (!element || !context) return;
      const { transform, width, height } = flowStore.getState();
      const pixelRatio = window.devicePixelRatio || 1;
      const pixels = { width: Math.round(width * pixelRatio), height: Math.round(height * pixelRatio) };
      if (element.width !== pixels.width || element.height !== pixels.height) Object.assign(element, pixels);
      if (!current.scene) {
        context.clearRect(0, 0, element.width, element.height);
        return;
      }
      const [x, y, zoom] = transform;
      paintOverview(
        context,
        current.scene,
        { x, y, zoom, width, height, pixelRatio },
        { here: current.here },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    schedulePaint.current = schedule;
    const unsubscribe = flowStore.subscribe((state, previous) => {
      if (
        state.transform !== previous.transform ||
        state.width !== previous.width ||
        state.height !== previous.height
      )
        schedule();
    });
    schedule();
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [flowStore]);

  useEffect(() => {
    latest.current = { scene, here };
    schedulePaint.current();
  }, [scene, here]);

  return (
    <canvas
      ref={canvas}
      data-overview-layer
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        pointerEvents: 'none',
        display: scene ? 'block' : 'none',
      }}
    />
  );
}
