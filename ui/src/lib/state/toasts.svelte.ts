/** Short notices (saved, failed, restart needed) shown in a polite live region. */
export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
}

export class Toasts {
  items = $state<Toast[]>([]);
  private next = 1;

  show(text: string, kind: Toast['kind'] = 'info', ms = 5000): void {
    const toast = { id: this.next++, kind, text };
    this.items = [...this.items, toast].slice(-4);
    setTimeout(() => this.dismiss(toast.id), ms);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}
