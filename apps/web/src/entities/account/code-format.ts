/** Steam codes stay whole (they are read as one word); the others are shown in two halves. */
export function splitCode(password: string, otpType: string): string[] {
  if (otpType === 'steamtotp') return [password];
  const half = Math.ceil(password.length / 2);
  return [password.slice(0, half), password.slice(half)];
}
