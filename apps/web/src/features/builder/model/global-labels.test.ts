import { describe, expect, it } from 'vitest';
import { type Bounds, connectionCurve, overlaps, pointOnCurve } from './connection-geometry';
import { type LabelRequest, placeGlobalLabels } from './global-labels';
import { CARD } from './module-layout';

const card = (x: number, y: number, height = 110): Bounds => ({
  minX: x,
  minY: y,
  maxX: x + CARD.width,
  maxY: y + height,
});
const label = (
  id: string,
  from: { x: number; y: number },
  to: { x: number; y: number },
  width = 130,
): LabelRequest => ({ id, from, to, width, height: 20 });
const boxOf = (centre: { x: number; y: number } | undefined, { width, height }: LabelRequest): Bounds => {
  if (!centre) throw new Error('label not placed');
  return {
    minX: centre.x - width / 2,
    minY: centre.y - height / 2,
    maxX: centre.x + width / 2,
    maxY: centre.y + height / 2,
  };
};

/** The layout the canvas starts with: the globals node left of and below the start module. */
const start = card(0, 0);
const globalsNode: Bounds = { minX: -360, minY: 160, maxX: -120, maxY: 260 };

describe('placing global connections’ labels', () => {
  it('keeps a label halfway along its line when nothing is there', () => {
    const toStart = label('g1', { x: -115, y: 220 }, { x: 0, y: 22 }, 60);
    const places = placeGlobalLabels([toStart], [start, globalsNode]);
    const middle = pointOnCurve(connectionCurve(toStart.from, toStart.to), 0.5);
    expect(places.get('g1')).toEqual(middle);
  });

  it('moves a label off the start module when its line runs under it', () => {
    // To a module up and right of the start module: the line's middle is on the start module's card.
    const toNext = label('g1', { x: -115, y: 240 }, { x: 400, y: -100 });
    const middle = pointOnCurve(connectionCurve(toNext.from, toNext.to), 0.5);
    expect(overlaps(boxOf(middle, toNext), start)).toBe(true);
    const places = placeGlobalLabels([toNext], [start, card(400, -122), globalsNode]);
    const box = boxOf(places.get('g1'), toNext);
    expect(overlaps(box, start)).toBe(false);
    expect(overlaps(box, globalsNode)).toBe(false);
  });

  it('keeps labels apart from each other', () => {
    const lines = ['g1', 'g2', 'g3'].map((id, index) =>
      label(id, { x: -115, y: 200 + index * 24 }, { x: 360, y: 22 }),
    );
    const places = placeGlobalLabels(lines, [start, card(360, 0), globalsNode]);
    const boxes = lines.map((line) => boxOf(places.get(line.id), line));
    for (const [index, box] of boxes.entries())
      for (const other of boxes.slice(index + 1)) expect(overlaps(box, other)).toBe(false);
  });

  it('finds a place even when cards cover the whole line and around it', () => {
    // A wall of cards over the line's whole length and well above and below it.
    const wall = Array.from({ length: 12 }, (_, row) =>
      Array.from({ length: 4 }, (_, column) => card(-400 + column * 280, -400 + row * 120)),
    ).flat();
    const line = label('g1', { x: -300, y: 100 }, { x: 700, y: 200 });
    const box = boxOf(placeGlobalLabels([line], wall).get('g1'), line);
    expect(wall.some((other) => overlaps(box, other))).toBe(false);
  });

  it('never puts a label on a card, whatever the layout', () => {
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 29;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 50; round++) {
      const cards = Array.from({ length: 40 }, () =>
        card(Math.round(random() * 2400 - 1200), Math.round(random() * 1600 - 800), 60 + random() * 120),
      );
      const lines = Array.from({ length: 6 }, (_, index) =>
        label(
          `g${index}`,
          { x: random() * 2000 - 1000, y: random() * 1200 - 600 },
          { x: random() * 2000 - 1000, y: random() * 1200 - 600 },
        ),
      );
      const places = placeGlobalLabels(lines, cards);
      const boxes = lines.map((line) => boxOf(places.get(line.id), line));
      for (const [index, box] of boxes.entries()) {
        expect(cards.some((other) => overlaps(box, other))).toBe(false);
        for (const other of boxes.slice(index + 1)) expect(overlaps(box, other)).toBe(false);
      }
    }
  });
});
