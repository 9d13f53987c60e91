/**
 * The lessons as a tree (WAI-ARIA tree pattern): groups that fold, one tab stop for the
 * whole tree, arrows to move (Right opens a group or enters it, Left closes it or goes to
 * its group), Home/End, Enter or Space opens the lesson in a new tab.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { LESSON_GROUPS, LESSONS, type Lesson } from '../../../core';
import { MethodBadge } from '../../base/components/MethodBadge';

type Row = { kind: 'group'; id: string; group: string; count: number } | { kind: 'lesson'; id: string; lesson: Lesson };

const FOLDED_KEY = 'wirebench-lessons-folded';

function readFolded(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : []);
  } catch {
    return new Set();
  }
}

export function LessonTree({ currentId, onOpen }: { currentId: string | null; onOpen(lesson: Lesson): void }) {
  const [folded, setFolded] = useState<Set<string>>(readFolded);
  const [focusId, setFocusId] = useState<string>(() => (currentId ? `lesson:${currentId}` : `group:${LESSON_GROUPS[0]}`));
  const tree = useRef<HTMLUListElement>(null);

  const groups = useMemo(() => LESSON_GROUPS.map((group) => ({ group, lessons: LESSONS.filter((l) => l.group === group) })).filter((g) => g.lessons.length), []);
  const rows: Row[] = groups.flatMap(({ group, lessons }) => [
    { kind: 'group' as const, id: `group:${group}`, group, count: lessons.length },
    ...(folded.has(group) ? [] : lessons.map((lesson) => ({ kind: 'lesson' as const, id: `lesson:${lesson.id}`, lesson }))),
  ]);
  // The tab stop stays on a visible row when its group folds.
  const tabStop = rows.some((r) => r.id === focusId) ? focusId : rows[0]?.id;

  const setFold = (group: string, fold: boolean) => {
    setFolded((before) => {
      const next = new Set(before);
      if (fold) next.add(group);
      else next.delete(group);
      try {
        localStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
      } catch {
        // Folding is remembered when storage allows.
      }
      return next;
    });
  };
  const focusRow = (id: string) => {
    setFocusId(id);
    requestAnimationFrame(() => tree.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = rows.findIndex((r) => r.id === tabStop);
    const row = rows[index];
    if (!row) return;
    const move = (to: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (target) focusRow(target.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.kind === 'group') {
          if (folded.has(row.group)) setFold(row.group, false);
          else move(index + 1);
        }
        break;
      case 'ArrowLeft':
        if (row.kind === 'group') setFold(row.group, true);
        else focusRow(`group:${row.lesson.group}`);
        break;
      case 'Enter':
      case ' ':
        if (row.kind === 'group') setFold(row.group, !folded.has(row.group));
        else onOpen(row.lesson);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <ul role="tree" aria-label="Lessons" className="lesson-tree" ref={tree} onKeyDown={onKeyDown}>
      {groups.map(({ group, lessons }) => {
        const open = !folded.has(group);
        const groupId = `group:${group}`;
        return (
          <li
            key={group}
            role="treeitem"
            aria-expanded={open}
            aria-level={1}
            aria-label={`${group}, ${lessons.length} lessons`}
            data-row-id={groupId}
            tabIndex={tabStop === groupId ? 0 : -1}
            className="lesson-tree-group"
            onFocus={(e) => e.target === e.currentTarget && setFocusId(groupId)}
          >
            <div className="lesson-group" onClick={() => setFold(group, open)} aria-hidden="true">
              <span className="tree-twisty">{open ? '▾' : '▸'}</span> {group} <span className="lesson-count">{lessons.length}</span>
            </div>
            {open ? (
              <ul role="group" className="lesson-list">
                {lessons.map((lesson) => {
                  const id = `lesson:${lesson.id}`;
                  return (
                    <li
                      key={lesson.id}
                      role="treeitem"
                      aria-level={2}
                      aria-selected={currentId === lesson.id}
                      aria-current={currentId === lesson.id ? 'true' : undefined}
                      data-row-id={id}
                      tabIndex={tabStop === id ? 0 : -1}
                      className="lesson-item"
                      onFocus={(e) => {
                        e.stopPropagation();
                        setFocusId(id);
                      }}
                      onClick={(e) => {
                        e.stopPropagation();
                        setFocusId(id);
                        onOpen(lesson);
                      }}
                    >
                      <MethodBadge method={lesson.request.method} /> <span className="lesson-title">{lesson.title}</span>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
