/* menu_net: the Network battle screen (menu.h). It only chooses; the
 * game opens the questions (address, passphrase, port) and the link. */
#include <stdio.h>

#include "menu.h"

int menu_net_screen(Menu *m, Ui *ui, int view_w, int view_h)
{
    int act = MENU_ACT_NONE;
    Settings *s = &m->edit;
    char(*label)[sizeof m->net_labels[0]] = m->net_labels;
    menu_begin(m, ui, "Network battle  \xC2\xB7  two commanders, two machines", view_w, view_h,
               520);
    ui_label(ui, "Host: you command side A (blue). Give your friend");
    snprintf(label[0], sizeof label[0], "this address: %.120s, port %d",
             m->net_addrs[0] ? m->net_addrs : "(none found: see your network settings)",
             s->net_port);
    ui_label(ui, label[0]);
    if (ui_button(ui, "Host a skirmish  \xE2\x80\xBA")) {
        /* New skirmish, with side B a friend over the network. */
        s->opponent = SETTINGS_NETWORK;
        menu_show(m, MENU_NEW);
        return MENU_ACT_NONE;
    }
    if (m->nscen > 0) {
        int k = m->scen_choice >= 0 && m->scen_choice < m->nscen ? m->scen_choice : 0;
        snprintf(label[1], sizeof label[1], "Scenario: %s  \xE2\x80\xBA", m->scen[k].title);
        const char *cells[2] = {label[1], "Host it"};
        int c = ui_button_row(ui, "host scenario row", cells, 2);
        if (c == 0) m->scen_choice = (k + 1) % m->nscen;
        if (c == 1) {
            m->scen_choice = k;
            m->scen_hosted = true;
            act = MENU_ACT_SCENARIO;
        }
    }
    snprintf(label[2], sizeof label[2], "Port: %d (UDP)  \xE2\x80\xBA", s->net_port);
    const char *cells[2] = {label[2], m->net_pass[0] ? "Passphrase: set  \xE2\x80\xBA"
                                                     : "Passphrase: none  \xE2\x80\xBA"};
    int c = ui_button_row(ui, "port pass row", cells, 2);
    if (c == 0) act = MENU_ACT_ASK_PORT;
    if (c == 1) act = MENU_ACT_ASK_PASS;
    ui_label(ui, "Join: you command side B (red).");
    if (ui_button(ui, "Join a battle\xE2\x80\xA6")) act = MENU_ACT_ASK_JOIN;
    for (int i = 0; i < SETTINGS_RECENT_HOSTS; i++) {
        if (!s->net_recent[i][0]) continue;
        snprintf(label[3 + i], sizeof label[3 + i], "Join %s", s->net_recent[i]);
        if (ui_button(ui, label[3 + i])) {
            snprintf(m->join_addr, sizeof m->join_addr, "%s", s->net_recent[i]);
            act = MENU_ACT_JOIN;
        }
    }
    if (ui_button(ui, "Back")) menu_show(m, MENU_MAIN);
    menu_end(m, ui);
    return act;
}
