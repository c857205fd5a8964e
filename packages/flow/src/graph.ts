import { definitionOf } from '@parley/modules';
import type { Flow, FlowModule } from './schema';

const indexes = new WeakMap<Flow, Map<string, FlowModule>>();

/** Modules by id; built once per flow document (documents are not changed in place once loaded). */
export function modulesById(flow: Flow): Map<string, FlowModule> {
  let index = indexes.get(flow);
  if (!index) {
    index = new Map(flow.modules.map((module) => [module.id, module]));
    indexes.set(flow, index);
  }
  return index;
}

/** The output ports a module has, from its type and content. */
export function portsOf(module: FlowModule) {
  return definitionOf(module.type).ports(module.content);
}

/** Where `port` of `module` leads, if it is connected. */
export function targetOf(module: FlowModule, port: string): string | undefined {
  return module.connections.find((connection) => connection.port === port)?.target;
}

export function waitsForInput(module: FlowModule): boolean {
  return definitionOf(module.type).waitsForInput(module.content);
}

/** Modules a conversation can reach: from the start, and from every enabled global connection. */
export function reachableModules(flow: Flow): Set<string> {
  const byId = modulesById(flow);
  const seen = new Set<string>();
  const queue = [
    flow.startModuleId,
    ...flow.globalConnections.filter((global) => global.enabled).map((global) => global.target),
    ...(flow.settings.fallbackModuleId ? [flow.settings.fallbackModuleId] : []),
  ];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    const module = byId.get(id);
    if (!module) continue;
    seen.add(id);
    for (const connection of module.connections) queue.push(connection.target);
  }
  return seen;
}

/** Modules whose connections lead to `id`. */
export function incomingOf(flow: Flow, id: string): FlowModule[] {
  return flow.modules.filter((module) => module.connections.some((connection) => connection.target === id));
}

/** Strongly connected groups of modules (Tarjan), for finding loops. */
export function stronglyConnected(nodes: string[], edges: (id: string) => string[]): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    indexes.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexes.get(next) ?? 0));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of nodes) if (!indexes.has(node)) visit(node);
  return groups;
}
