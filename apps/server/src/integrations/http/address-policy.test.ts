import { describe, expect, it } from 'vitest';
import { emptyAllowList, isAddressAllowed, isLocalhostName, parseAllowList } from './address-policy';

describe('which addresses an outgoing call may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified (reaches this machine)'],
    ['::', 'IPv6 unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT (a cloud metadata service)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'unique-local (a cloud metadata service)'],
    ['fc00::1', 'unique-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['not an address', 'unparseable'],
  ])('refuses %s (%s)', (address) => {
    expect(isAddressAllowed(address, emptyAllowList)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (address) => {
      expect(isAddressAllowed(address, emptyAllowList)).toBe(true);
    },
  );

  it('allows private addresses the operator listed, by address or range', () => {
    const allow = parseAllowList(['127.0.0.1', ' 10.20.0.0/16 ', '[fd00::]/8', 'hooks.intranet']);
    expect(isAddressAllowed('127.0.0.1', allow)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', allow)).toBe(true);
    expect(isAddressAllowed('127.0.0.2', allow)).toBe(false);
    expect(isAddressAllowed('10.20.30.40', allow)).toBe(true);
    expect(isAddressAllowed('10.21.0.1', allow)).toBe(false);
    expect(isAddressAllowed('fd12::1', allow)).toBe(true);
    expect(isAddressAllowed('::1', allow)).toBe(false);
    expect([...allow.hostNames]).toEqual(['hooks.intranet']);
  });

  it('reads an IPv4-mapped range as the IPv4 range it is', () => {
    const allow = parseAllowList(['::ffff:10.0.0.0/104']);
    expect(isAddressAllowed('10.9.9.9', allow)).toBe(true);
    expect(isAddressAllowed('172.16.0.1', allow)).toBe(false);
  });

  it.each(['127.1', 'http://x', '10.0.0.0/40', 'a b', '0x7f000001/8', '::ffff:0:0/64'])(
    'rejects the allow-list entry %s',
    (entry) => {
      expect(() => parseAllowList([entry])).toThrow(entry);
    },
  );

  it('knows the names that mean this machine', () => {
    expect(isLocalhostName('localhost')).toBe(true);
    expect(isLocalhostName('LOCALHOST.')).toBe(true);
    expect(isLocalhostName('api.localhost')).toBe(true);
    expect(isLocalhostName('localhost.example.com')).toBe(false);
  });
});
