/**
 * OPTIONS bodies as DRF's SimpleMetadata writes them for an anonymous caller (facts §4):
 * no `actions`, because nobody passes the permission check for writes here.
 */
import { RESOURCES } from '../api/resource-table.ts';
import type { ApiRoute } from './api-route.ts';

const PARSES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export function viewName(route: Exclude<ApiRoute, { kind: 'none' }>): string {
  if (route.kind === 'root') return 'Api Root';
  if (route.kind === 'action') return route.action.viewName;
  return `${RESOURCES[route.resource].viewName} ${route.kind === 'list' ? 'List' : 'Instance'}`;
}

export function optionsBody(route: Exclude<ApiRoute, { kind: 'none' }>): Record<string, unknown> {
  return {
    name: viewName(route),
    // DRF's APIRootView docstring; froide's viewsets have none (facts §4).
    description: route.kind === 'root' ? 'The default basic root view for DefaultRouter' : '',
    renders: route.kind === 'root' ? ['application/json', 'text/html'] : [...RESOURCES[route.resource].renders],
    parses: PARSES,
  };
}
